import type pg from 'pg';

/** What the API answers (503) while PostgreSQL cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The database is not reachable right now: try again in a moment';

/** A connection could not be had: PostgreSQL is down, refusing, or being waited out after failures. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE, cause === undefined ? {} : { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** What the API answers (503) when every connection of the pool stayed busy while a request waited for one. */
export const DATABASE_BUSY = 'The database is busy right now: try again in a moment';

/** The pool had no free connection in time: the server is there, but taken up (not the server being away). */
export class DatabaseBusyError extends Error {
  constructor(cause?: unknown) {
    super(DATABASE_BUSY, cause === undefined ? {} : { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** Is this error (or one it wraps) a request that found no free connection of the pool in time? */
export const isDatabaseBusy = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    current = current.cause;
  }
  return false;
};

/** What the API answers (409) when PostgreSQL ended a transaction that ran into another one. */
export const TRANSACTION_CONFLICT =
  'Another request changed the same data at the same time: nothing was changed, try again';

/** Serialization failure and deadlock: PostgreSQL ends one of two transactions that cannot both go on. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

/**
 * Is this error (or one it wraps) a transaction PostgreSQL ended because it ran into another one (issue #28 §5)?
 * Its changes were rolled back; the request may simply be sent again. Never the database being out of reach.
 */
export const isTransactionConflict = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
};

/** PostgreSQL's connection exceptions (08), its shutdown / restart codes, and "too many connections". */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
/** A socket that broke under a query. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * pg's own words for a connection that ended or never came. Not the pool's "timeout exceeded when trying to
 * connect": that is a wait for a free connection of a busy pool (`DatabaseBusyError`).
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Is this error (or one it wraps: Drizzle wraps the driver's) the database being out of reach, rather than
 * a fault of the request or the code? Such errors are weather: answered 503 and retried, never fatal.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  let underQuery = false;
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SERVER_CODES.test(code)) return true;
    if (underQuery && typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
    underQuery ||= current.name === 'DrizzleQueryError';
    current = current.cause;
  }
  return false;
};

export interface AvailabilityLog {
  warn(message: string): void;
  info(message: string): void;
}

const FIRST_WAIT_MS = 100;
const LONGEST_WAIT_MS = 2000;

/**
 * Makes a pg pool survive PostgreSQL going away: errors of idle and checked-out connections are listened to
 * (an unheard `error` event ends the process), and after a failed connection attempt the next ones wait,
 * 0.1 s doubling to 2 s, failing at once meanwhile, so that requests answer 503 at once instead of piling up
 * on a server that is down; back within 2 s of its return. One line when it goes away, one when it is back.
 * Answers whether the database is reachable, as last seen.
 */
export const guardPool = (pool: pg.Pool, log: AvailabilityLog): (() => boolean) => {
  let up = true;
  let wait = 0;
  let retryAt = 0;
  const failed = (error: unknown) => {
    wait = Math.min(LONGEST_WAIT_MS, wait ? wait * 2 : FIRST_WAIT_MS);
    retryAt = Date.now() + wait;
    if (!up) return;
    up = false;
    log.warn(
      `PostgreSQL is not reachable (${(error as Error).message}): answering 503 and retrying with back-off`,
    );
  };
  const succeeded = () => {
    wait = 0;
    if (up) return;
    up = true;
    log.info('PostgreSQL is reachable again');
  };
  // A connection that drops (one backend ended, or all of them) is weather: the next query takes a new one.
  let droppedLoggedAt = 0;
  const dropped = (error: Error) => {
    if (!up || Date.now() - droppedLoggedAt < 10_000) return;
    droppedLoggedAt = Date.now();
    log.warn(`a PostgreSQL connection dropped (${error.message}); the next query opens a new one`);
  };
  pool.on('error', dropped);
  pool.on('connect', (client) => client.on('error', dropped));

  const connect = pool.connect.bind(pool) as (
    callback: (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void,
  ) => void;
  const guarded = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void,
  ): Promise<pg.PoolClient> | undefined => {
    const answer = new Promise<pg.PoolClient>((resolve, reject) => {
      if (Date.now() < retryAt) return reject(new DatabaseUnavailableError());
      connect((error, client) => {
        if (error) {
          // Waiting for a free connection of a busy pool is not the server being away.
          if (error.message.startsWith('timeout exceeded when trying to connect'))
            return reject(new DatabaseBusyError(error));
          failed(error);
          return reject(new DatabaseUnavailableError(error));
        }
        succeeded();
        resolve(client!);
      });
    });
    if (!callback) return answer;
    answer.then(
      (client) => callback(undefined, client, (client as { release: () => void }).release),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  // pg's own `query` calls `this.connect`: every way in goes through the guard.
  pool.connect = guarded as typeof pool.connect;
  return () => up;
};
