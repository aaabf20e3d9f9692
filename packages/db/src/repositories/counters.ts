import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { attemptCounters } from '../schema/index.js';

// The database's clock judges every window, so that instances with skewed clocks agree.
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${attemptCounters.expiresAt} - now())) * 1000))::int`;
const endIn = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;
const expired = sql`${attemptCounters.expiresAt} <= now()`;

/**
 * Counts one more under `key` in a fixed window of `windowMs` (started by the first count, or the first after it
 * ended), in one atomic statement: the count so far, this one included, and the milliseconds left.
 */
export const countAttempt = async (
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> => {
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, expiresAt: endIn(windowMs) })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${attemptCounters.expiresAt} end`,
      },
    })
    .returning({ count: attemptCounters.count, ttlMs });
  return { count: row?.count ?? 1, ttlMs: Number(row?.ttlMs ?? windowMs) };
};

/** The count under `key` in its window (0 when none) and the milliseconds left, without counting. */
export const peekAttempts = async (db: Db, key: string): Promise<{ count: number; ttlMs: number }> => {
  const [row] = await db
    .select({ count: attemptCounters.count, ttlMs })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.key, key), gt(attemptCounters.expiresAt, sql`now()`)));
  return { count: row?.count ?? 0, ttlMs: Number(row?.ttlMs ?? 0) };
};

/** Takes one count back under `key` (never below 0). */
export const forgiveAttempt = async (db: Db, key: string): Promise<void> => {
  await db
    .update(attemptCounters)
    .set({ count: sql`${attemptCounters.count} - 1` })
    .where(
      and(
        eq(attemptCounters.key, key),
        gt(attemptCounters.count, 0),
        gt(attemptCounters.expiresAt, sql`now()`),
      ),
    );
};

/** Forgets the count under `key`. */
export const resetAttempts = async (db: Db, key: string): Promise<void> => {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
};

/** True for the first claim of `key` within `ttlMs` (also once an earlier claim has expired), false after. */
export const claimAttemptKey = async (db: Db, key: string, ttlMs: number): Promise<boolean> => {
  const claimed = await db
    .insert(attemptCounters)
    .values({ key, count: 1, expiresAt: endIn(ttlMs) })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: { count: 1, expiresAt: sql`excluded.expires_at` },
      setWhere: expired,
    })
    .returning({ key: attemptCounters.key });
  return claimed.length > 0;
};

/** Deletes the counters whose window ended before `now` (the daily clean-up job). Answers how many went. */
export const deleteExpiredAttempts = async (db: Db, now = new Date()): Promise<number> =>
  (
    await db
      .delete(attemptCounters)
      .where(lt(attemptCounters.expiresAt, now))
      .returning({ key: attemptCounters.key })
  ).length;
