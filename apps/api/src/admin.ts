import { setMaintenance } from '@proxydesk/db';
import { loadConfig } from './config.js';
import { prepareDatabase } from './start.js';

/**
 * The operator's command line, over the same database and services as the API
 * (DESIGN.md §4): `npm run admin -- <command> …`.
 */
const USAGE = `Usage: npm run admin -- <command>
  maintenance on|off      show the maintenance page to everyone at / (the app stays at /4)`;

const onOff = (value: string | undefined): boolean => {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`Expected "on" or "off", got ${value === undefined ? 'nothing' : `"${value}"`}.`);
};

class UsageError extends Error {}

const commands: Record<string, (args: string[], db: Awaited<ReturnType<typeof prepareDatabase>>['db']) => Promise<string>> = {
  maintenance: async ([value], db) => {
    const status = onOff(value);
    const before = await setMaintenance(db, status);
    return `Maintenance mode: ${before ? 'on' : 'off'} → ${status ? 'on' : 'off'}`;
  },
};

const main = async (): Promise<number> => {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n${USAGE}` : USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await prepareDatabase(config);
  try {
    console.log(await command(args, database.db));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
