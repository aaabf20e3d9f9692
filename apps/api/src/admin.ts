import { commands, UsageError, USAGE, type Run } from './admin-commands.js';
import { loadConfig } from './config.js';
import { prepareDatabase } from './start.js';

/**
 * The operator's command line, over the same database and services as the API
 * (DESIGN.md §4): `npm run admin -- <command> …`.
 */
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
