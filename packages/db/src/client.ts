import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { guardPool, type AvailabilityLog } from './availability.js';
import { keepPrivate } from './data-dir-mode.js';
import { lockDataDir, RESTORE_ADVICE, StartupError } from './data-dir-lock.js';
import { reasonOf, waitForServer, type WaitTiming } from './wait-for-server.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database handle every repository takes, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The embedded client, for snapshots in tests; absent on PostgreSQL. */
  pglite?: PGlite;
  /** The connection pool on PostgreSQL. */
  pool?: pg.Pool;
  /** Whether the database answered its last connection attempt (always true on PGlite). */
  isUp: () => boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; absent for embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory (ignored with `url`). */
  dataDir?: string | undefined;
  /** A PGlite snapshot (from `dumpDataDir`) to start from instead of a directory, for tests. */
  snapshot?: Blob | undefined;
  /** See `openPglite`. */
  seed?: (() => Promise<Blob>) | undefined;
  poolSize?: number;
  /** Where PostgreSQL going away and coming back is told (one line each); silent when absent. */
  log?: AvailabilityLog | undefined;
  /**
   * PostgreSQL only: wait for a server that does not answer yet, telling this log (`waitForServer`), instead of
   * failing at once. Servers (API, gateway) wait; the operator's command line does not.
   */
  waitForServer?: { log: AvailabilityLog; timing?: WaitTiming } | undefined;
}

/** A request waits this long for a connection before it answers 503, rather than hanging on a server that is away. */
const CONNECT_TIMEOUT_MS = 3000;
const silent: AvailabilityLog = { warn: () => undefined, info: () => undefined };

export const openPostgres = async (
  url: string,
  poolSize = 10,
  log = silent,
  wait?: DatabaseOptions['waitForServer'],
): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without a word (cable, failover) is noticed by the kernel, not after hours.
    keepAlive: true,
  });
  const isUp = guardPool(pool, log);
  try {
    if (wait) await waitForServer(pool, wait.log, wait.timing);
    else await pool.query('select 1');
  } catch (error) {
    await pool.end();
    // Once waited for, what is left is a setting that is wrong (password, database name), not a server that is away.
    throw new StartupError(
      wait
        ? `PostgreSQL at DATABASE_URL refuses the connection (${reasonOf(error)}): check DATABASE_URL.`
        : `Cannot reach PostgreSQL at DATABASE_URL (${reasonOf(error)}): check that it runs.`,
    );
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    isUp,
    close: () => pool.end(),
  };
};

/**
 * The embedded server's memory (ADR 014): PostgreSQL's default 128 MB of shared buffers are all touched at start in
 * the WASM memory, most of a small server's RAM. 16 MB hold a small shop's hot pages; the rest is read from the data
 * folder's files, which the kernel caches. wal_buffers follows (1/32 of it). PGlite's own start parameters are kept.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Does this folder already hold a database (PostgreSQL writes PG_VERSION first)? */
export const holdsDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

export const openPglite = async (options: {
  dataDir?: string | undefined;
  snapshot?: Blob | undefined;
  /** Loads a snapshot to start a folder that holds no database yet from, instead of a slow initdb; only called then. */
  seed?: (() => Promise<Blob>) | undefined;
}): Promise<Database> => {
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  let client: PGlite;
  try {
    const startFrom =
      options.snapshot ??
      (options.dataDir && options.seed && !holdsDatabase(options.dataDir) ? await options.seed() : undefined);
    client = await PGlite.create({
      startParams: PGLITE_START_PARAMS,
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(startFrom ? { loadDataDir: startFrom } : {}),
    });
  } catch (error) {
    release();
    const reason = (error as Error).message.replace(/\s+/g, ' ').trim();
    throw new StartupError(
      `DATA_DIR ${options.dataDir ?? '(memory)'} cannot be opened as a database (${reason}): ${RESTORE_ADVICE}.`,
    );
  }
  if (options.dataDir) keepPrivate(options.dataDir);
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    isUp: () => true,
    close: async () => {
      await client.close();
      if (options.dataDir) keepPrivate(options.dataDir);
      release();
    },
    pglite: client,
  };
};

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory / from a snapshot). */
export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  options.url
    ? openPostgres(options.url, options.poolSize, options.log, options.waitForServer)
    : openPglite(options);
