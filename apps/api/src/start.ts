import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  checkTables,
  loadCatalogue,
  migrate,
  openDatabase,
  readCatalogue,
  type AvailabilityLog,
  type Database,
} from '@proxydesk/db';
import type { Config } from './config.js';

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
}

/**
 * Opens the configured database, checks that every table can be read and applies migrations. A new DATA_DIR
 * starts from the build's seed when there is one: loading it is seconds faster than PGlite's initdb.
 */
export const openMigratedDatabase = async (
  config: Config,
  { log, waitLog }: OpenLogs = {},
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
    await migrate(database);
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
