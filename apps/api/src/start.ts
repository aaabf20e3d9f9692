import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
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

/**
 * Opens the configured database, applies migrations and loads the catalogue. A new DATA_DIR starts
 * from the build's seed when there is one: loading it is seconds faster than PGlite's initdb.
 */
export const prepareDatabase = async (config: Config, log?: AvailabilityLog): Promise<Database> => {
  const seed = existsSync(seedFile) ? async () => new Blob([await readFile(seedFile)]) : undefined;
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, seed, log });
  try {
    await migrate(database);
    await loadCatalogue(database.db, await readCatalogue());
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};
