import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';
import { StartupError } from './data-dir-lock.js';

/** The committed drizzle-kit migrations (same folder from src/ and dist/). */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any number 64-bit; identifies "ProxyDesk migrations" among advisory locks. */
const MIGRATION_LOCK = 7_234_001;

/** One committed migration: its name and the time drizzle records for it once applied. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The migrations a build knows, in order (drizzle-kit's journal). */
export const knownMigrations = (folder = migrationsFolder): MigrationEntry[] =>
  (
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: MigrationEntry[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));

/** What `migrate` would do: the migrations to apply, and those the database has that this build does not know. */
export interface MigrationPlan {
  pending: MigrationEntry[];
  /** Applied by a newer build: this one must not run on that schema. */
  unknown: number;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** drizzle's record of applied migrations (none on a new database). */
const appliedTimes = async (query: Query): Promise<number[]> => {
  const { rows } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rows[0]?.present) return [];
  return (await query('select created_at from drizzle.__drizzle_migrations')).rows.map((row) =>
    Number(row.created_at),
  );
};

/** drizzle's own rule: a migration is applied when it is newer than the newest one recorded. */
const planOf = (known: MigrationEntry[], applied: number[]): MigrationPlan => {
  const last = applied.length === 0 ? -Infinity : Math.max(...applied);
  const knownTimes = new Set(known.map((entry) => entry.when));
  const newest = known.reduce((max, entry) => Math.max(max, entry.when), -Infinity);
  return {
    pending: known.filter((entry) => entry.when > last),
    unknown: applied.filter((when) => !knownTimes.has(when) && when > newest).length,
  };
};

export interface MigrateOptions {
  /** Told of each migration applied (a line each) and of what is about to change. */
  log?: { info(message: string): void; warn(message: string): void } | undefined;
  /** Runs before any migration is applied, when there are some (a backup of a database that has data). */
  beforeApplying?: ((pending: MigrationEntry[]) => Promise<void>) | undefined;
  folder?: string | undefined;
}

const newerSchema = (unknown: number) =>
  new StartupError(
    `The database was migrated by a newer ProxyDesk (${unknown} migration${unknown === 1 ? '' : 's'} this build does not know): run that version, or restore the backup taken before the upgrade (README, "Upgrades").`,
  );

/**
 * Applies the committed migrations; safe to run on every start and from several API instances at once (on
 * PostgreSQL a session advisory lock lets one instance migrate while others wait). Refuses a schema made by a
 * newer build, says each migration it applies, and lets the caller back up first (issue #29 item 6).
 */
export const migrate = async (
  { db, pool }: Database,
  { log, beforeApplying, folder = migrationsFolder }: MigrateOptions = {},
): Promise<void> => {
  const known = knownMigrations(folder);
  const apply = async (query: Query, run: () => Promise<void>) => {
    const plan = planOf(known, await appliedTimes(query));
    if (plan.unknown > 0) throw newerSchema(plan.unknown);
    if (plan.pending.length === 0) return;
    await beforeApplying?.(plan.pending);
    await run();
    for (const entry of plan.pending) log?.info(`migration applied: ${entry.tag}`);
  };
  if (!pool) {
    const query: Query = async (text) => {
      const result: unknown = await db.execute(sql.raw(text));
      return result as { rows: Record<string, unknown>[] };
    };
    await apply(query, () => migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder }));
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await apply(
      (text) => client.query(text),
      () => migratePg(drizzle(client), { migrationsFolder: folder }),
    );
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
};
