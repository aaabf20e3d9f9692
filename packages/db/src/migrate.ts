import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';

/** The committed drizzle-kit migrations (same folder from src/ and dist/). */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any number 64-bit; identifies "ProxyDesk migrations" among advisory locks. */
const MIGRATION_LOCK = 7_234_001;

/**
 * Applies the committed migrations; safe to run on every start and from several API instances
 * at once (on PostgreSQL a session advisory lock lets one instance migrate while others wait).
 */
export const migrate = async ({ db, pool }: Database): Promise<void> => {
  if (!pool) {
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
};
