import { backup, restore } from './backup.js';
import { findRunningShop } from './client.js';
import { doctor } from './doctor.js';
import { commandFor, UsageError, USAGE } from './commands.js';
import { loadConfig, type Config } from '../config.js';
import { openMigratedDatabase } from '../start.js';

/**
 * A command over the database: through the running shop when one runs on this DATA_DIR (PGlite is one
 * process), otherwise on the database itself, migrated but without reloading the catalogue files.
 */
const runCommand = async (config: Config, words: string[]): Promise<string> => {
  const run = commandFor(words);
  const shop = config.DATABASE_URL ? undefined : await findRunningShop(config.DATA_DIR);
  if (shop) return shop.run(words);
  const database = await openMigratedDatabase(config);
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
};

/**
 * The operator's command line, over the same database and services as the API
 * (DESIGN.md §4): `npm run admin -- <command> …`, while the shop runs or not.
 */
const main = async (): Promise<number> => {
  const words = process.argv.slice(2);
  if (words.length === 0 || ['help', '--help', '-h'].includes(words[0]!)) {
    console.error(USAGE);
    return words.length === 0 ? 2 : 0;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const [name, ...args] = words;
  if (name === 'doctor') {
    const report = doctor(config);
    console.log(report.text);
    return report.ok ? 0 : 1;
  }
  try {
    console.log(
      name === 'backup'
        ? await backup(config, args)
        : name === 'restore'
          ? await restore(config, args)
          : await runCommand(config, words),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
