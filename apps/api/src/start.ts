import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  checkTables,
  knownMigrations,
  loadCatalogue,
  migrate,
  openDatabase,
  readCatalogue,
  type AvailabilityLog,
  type Database,
  type MigrationEntry,
} from '@proxydesk/db';
import { takeBackup } from './backup-files.js';
import { backupDir, type Config } from './config.js';

/** A migrated, empty PGlite database that `npm run build` writes beside the server (scripts/build-seed.mjs). */
export const seedFile = fileURLToPath(new URL('./seed-db.tar.gz', import.meta.url));

/** How messages name the configured database. */
export const databasePlace = (config: Config): string =>
  config.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : `DATA_DIR ${config.DATA_DIR}`;

/** How the database is opened: where outages are told, and where waiting for a server that is not up yet is. */
export interface OpenLogs {
  log?: AvailabilityLog | undefined;
  /** Wait for PostgreSQL to answer, telling this log (the server); without it, fail at once (the CLI). */
  waitLog?: AvailabilityLog | undefined;
  /** Told of each migration applied, and of the backup taken before (the server's start log). */
  migrationLog?: AvailabilityLog | undefined;
}

/**
 * Before an upgrade's migrations touch a database that has data (issue #29 item 6): on PGlite a backup into
 * BACKUP_DIR, on PostgreSQL a line saying to take one (pg_dump belongs to the owner's procedure there).
 */
const beforeUpgrade =
  (config: Config, database: Database, log: AvailabilityLog | undefined) =>
  async (pending: MigrationEntry[]) => {
    if (pending.length === knownMigrations().length) return; // a new database: nothing to keep
    const names = pending.map((entry) => entry.tag).join(', ');
    if (database.kind !== 'pglite') {
      log?.warn(
        `applying ${pending.length} migration(s) to the PostgreSQL database (${names}): take a backup before an upgrade (npm run admin -- backup <file>; README, "Upgrades")`,
      );
      return;
    }
    const { file } = await takeBackup(database, { dir: backupDir(config), keep: config.BACKUP_KEEP });
    log?.info(`backup before applying ${pending.length} migration(s) (${names}) written to ${file}`);
  };

/**
 * Opens the configured database, checks that every table can be read and applies migrations. A new DATA_DIR
 * starts from the build's seed when there is one: loading it is seconds faster than PGlite's initdb.
 */
export const openMigratedDatabase = async (
  config: Config,
  { log, waitLog, migrationLog }: OpenLogs = {},
): Promise<Database> => {
  const seed = existsSync(seedFile) ? async () => new Blob([await readFile(seedFile)]) : undefined;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    seed,
    log,
    waitForServer: waitLog ? { log: waitLog } : undefined,
  });
  try {
    await checkTables(database, databasePlace(config));
    await migrate(database, {
      log: migrationLog,
      beforeApplying: beforeUpgrade(config, database, migrationLog),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};

/** The database as the API starts on it: opened, checked, migrated and with the catalogue files loaded. */
export const prepareDatabase = async (config: Config, logs?: OpenLogs): Promise<Database> => {
  const database = await openMigratedDatabase(config, logs);
  try {
    await loadCatalogue(database.db, await readCatalogue());
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};
