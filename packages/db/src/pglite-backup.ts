import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { holdsDatabase, openPglite } from './client.js';
import { ADMIN_ENDPOINT_FILE, LOCK_FILE, lockDataDir, StartupError } from './data-dir-lock.js';
import { checkTables } from './table-check.js';

/**
 * A consistent copy of an open PGlite database (gzipped tar, as `loadDataDir` takes it). Written between two
 * queries, after a checkpoint: what a transaction in flight has not committed is not in it.
 */
export const dumpPglite = async (client: PGlite): Promise<Blob> => {
  await client.exec('checkpoint');
  return client.dumpDataDir('gzip');
};

/** Backs up a data folder no process has open (the shop is stopped). */
export const dumpDataDirAtRest = async (dataDir: string): Promise<Blob> => {
  if (!holdsDatabase(dataDir)) throw new Error(`DATA_DIR ${dataDir} holds no database: nothing to back up.`);
  const database = await openPglite({ dataDir });
  try {
    return await dumpPglite(database.pglite!);
  } finally {
    await database.close();
  }
};

export interface RestoreOutcome {
  accounts: number;
  invoices: number;
  /** Where the folder that was there before is kept (with `force`). */
  keptAside?: string;
}

const countOf = async (db: Awaited<ReturnType<typeof openPglite>>['db'], table: string) => {
  const result: unknown = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};

/**
 * Puts a backup (from `dumpPglite`) in place in `dataDir`, which no process may hold. A folder with anything
 * in it is refused unless `force`, and then kept aside as `<dataDir>.before-restore-<time>`, never deleted.
 * The restored database is opened and every table read before this answers.
 */
export const restoreDataDir = async (
  dataDir: string,
  archive: Blob,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreOutcome> => {
  const present = existsSync(dataDir)
    ? readdirSync(dataDir).filter((name) => name !== LOCK_FILE && name !== ADMIN_ENDPOINT_FILE)
    : [];
  let keptAside: string | undefined;
  if (present.length > 0) {
    if (!force) {
      throw new Error(
        `DATA_DIR ${dataDir} is not empty: restore into an empty folder (set DATA_DIR), or add --force to keep this one aside and restore in its place.`,
      );
    }
    lockDataDir(dataDir)(); // refused while a shop runs on it
    keptAside = `${dataDir.replace(/\/+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAside);
  }
  mkdirSync(dataDir, { recursive: true });
  let database;
  try {
    database = await openPglite({ dataDir, snapshot: archive });
  } catch (error) {
    throw new StartupError(
      `The backup cannot be loaded (${(error as Error).message.replace(/\s+/g, ' ')}): is it a file written by \`npm run admin -- backup\`?`,
    );
  }
  try {
    // The archive holds the files of the shop that was running when it was taken.
    rmSync(join(dataDir, ADMIN_ENDPOINT_FILE), { force: true });
    await checkTables(database, `the restored DATA_DIR ${dataDir}`);
    return {
      accounts: await countOf(database.db, 'users'),
      invoices: await countOf(database.db, 'invoices'),
      ...(keptAside ? { keptAside } : {}),
    };
  } finally {
    await database.close();
  }
};
