import { findUserByLogin, setMaintenance, updateUser, type Database } from '@proxydesk/db';
import { loadConfig } from './config.js';
import { prepareDatabase } from './start.js';

/**
 * The operator's command line, over the same database and services as the API
 * (DESIGN.md §4): `npm run admin -- <command> …`.
 */
const USAGE = `Usage: npm run admin -- <command>
  maintenance on|off      show the maintenance page to everyone at / (the app stays at /4)
  reseller <username> on|off
                          make a customer a reseller (Balance page, API key) or a customer again`;

class UsageError extends Error {}

const onOff = (value: string | undefined): boolean => {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`Expected "on" or "off", got ${value === undefined ? 'nothing' : `"${value}"`}.`);
};

type Run = (db: Database['db']) => Promise<string>;

/** Each command checks its words first, then returns what it does with the database. */
const commands: Record<string, (args: string[]) => Run> = {
  maintenance: ([value]) => {
    const status = onOff(value);
    return async (db) => {
      const before = await setMaintenance(db, status);
      return `Maintenance mode: ${before ? 'on' : 'off'} → ${status ? 'on' : 'off'}`;
    };
  },
  reseller: ([username, value]) => {
    if (!username) throw new UsageError('Which username?');
    const reseller = onOff(value);
    return async (db) => {
      const user = await findUserByLogin(db, username);
      if (!user || user.username.toLowerCase() !== username.toLowerCase()) throw new Error(`No account with the username "${username}".`);
      if (user.role === 'operator') throw new Error(`${user.username} is an operator; their role is not changed here.`);
      await updateUser(db, user.id, { role: reseller ? 'reseller' : 'customer' });
      return `${user.username}: ${user.role} → ${reseller ? 'reseller' : 'customer'}`;
    };
  },
};

const main = async (): Promise<number> => {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n${USAGE}` : USAGE);
    return 2;
  }
  let run: Run;
  try {
    run = command(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await prepareDatabase(config);
  try {
    console.log(await run(database.db));
    return 0;
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
