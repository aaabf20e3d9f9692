import type pg from 'pg';
import { DatabaseUnavailableError, type AvailabilityLog } from './availability.js';

/** SQLSTATE classes that no wait mends: a wrong password or role (28), a database that does not exist (3D). */
const SETTING_CODES = /^(28|3D)/;
/** The server not being there yet: nothing listens, it is starting, its name does not resolve yet. */
const NOT_YET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03',
]);
const NOT_YET_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * Is this failed first connection the server not being up yet (worth waiting for), rather than a setting that is
 * wrong? The pool's guard wraps every failed connection (`DatabaseUnavailableError`); its cause says which.
 */
export const isServerNotUpYet = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    // The guard's own refusal while it waits out a failure: the server was away a moment ago.
    if (current instanceof DatabaseUnavailableError && current.cause === undefined) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SETTING_CODES.test(code)) return false;
    if (typeof code === 'string' && (NOT_YET_CODES.has(code) || /^08/.test(code))) return true;
    if (NOT_YET_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
};

/** The innermost message, for a log line (the guard's own words say nothing about why). */
export const reasonOf = (error: unknown): string => {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const message = inner instanceof Error ? inner.message || (inner as { code?: string }).code : String(inner);
  return String(message ?? 'unknown').split('\n')[0]!;
};

export interface WaitTiming {
  /** First pause after a failed try; doubles up to `longestMs`. */
  firstMs: number;
  longestMs: number;
  /** At most one "still waiting" line this often. */
  logEveryMs: number;
}

const DEFAULT_TIMING: WaitTiming = { firstMs: 250, longestMs: 2000, logEveryMs: 5000 };

/**
 * Waits for PostgreSQL to answer `select 1`, for as long as it takes (a machine that reboots may start Node before
 * PostgreSQL): tries again with back-off, and says so at once, then every few seconds, then when it answers.
 * A wrong setting (password, database name) is thrown at once.
 */
export const waitForServer = async (
  pool: pg.Pool,
  log: AvailabilityLog,
  timing: WaitTiming = DEFAULT_TIMING,
): Promise<void> => {
  const started = Date.now();
  let pause = timing.firstMs;
  let saidAt = 0;
  for (;;) {
    try {
      await pool.query('select 1');
      if (saidAt)
        log.info(`PostgreSQL answered after ${Math.round((Date.now() - started) / 1000)} s: starting`);
      return;
    } catch (error) {
      if (!isServerNotUpYet(error)) throw error;
      if (Date.now() - saidAt >= timing.logEveryMs) {
        const waited = Math.round((Date.now() - started) / 1000);
        log.warn(
          `waiting for PostgreSQL at DATABASE_URL (${reasonOf(error)})${waited ? `: ${waited} s so far` : ''}; trying again with back-off`,
        );
        saidAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(timing.longestMs, pause * 2);
    }
  }
};
