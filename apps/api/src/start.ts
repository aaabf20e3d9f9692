import { loadCatalogue, migrate, openDatabase, readCatalogue, type Database } from '@proxydesk/db';
import type { Config } from './config.js';

/** Opens the configured database, applies migrations and loads the catalogue. */
export const prepareDatabase = async (config: Config): Promise<Database> => {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    await loadCatalogue(database.db, await readCatalogue());
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};
