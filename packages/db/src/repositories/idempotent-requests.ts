import { isDeepStrictEqual } from 'node:util';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../client.js';
import { idempotentRequests } from '../schema/index.js';

/** What a key sent before says: its first answer, or that it came with another request. */
export type EarlierRequest<T> = { answer: T } | 'other-request' | null;

/**
 * Inside the caller's transaction, which holds the lock that makes requests of this `scope` queue (issue #28
 * §13): the first answer to `key`, or `other-request` when the key came before with other words, or null when
 * it is new.
 */
export const earlierRequest = async <T>(
  tx: Db,
  scope: string,
  key: string,
  request: Record<string, unknown>,
): Promise<EarlierRequest<T>> => {
  const [row] = await tx
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
  if (!row) return null;
  return isDeepStrictEqual(row.request, request) ? { answer: row.answer as T } : 'other-request';
};

/** Keeps the first answer to `key`, in the transaction that made it. */
export const rememberRequest = async (
  tx: Db,
  scope: string,
  key: string,
  request: Record<string, unknown>,
  answer: unknown,
): Promise<void> => {
  await tx.insert(idempotentRequests).values({ scope, key, request, answer });
};

/** An API request sent with an `Idempotency-Key` (issue #32 item 6): taken, answered before, or not now. */
export type KeyClaim<T> = 'claimed' | 'other-request' | 'in-progress' | { answer: T };

const PENDING = { pending: true } as const;
const isPending = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && (answer as { pending?: unknown }).pending === true;

/**
 * Takes `key` for this request, atomically: the first caller gets `claimed` (and must `settleKey` or
 * `releaseKey`); later callers get the first answer, `in-progress` while the first is still running, or
 * `other-request` when the key came with other words. A key is never taken twice, so nothing is done twice.
 */
export const claimKey = async <T>(
  db: Db,
  scope: string,
  key: string,
  request: Record<string, unknown>,
): Promise<KeyClaim<T>> => {
  const taken = await db
    .insert(idempotentRequests)
    .values({ scope, key, request, answer: PENDING })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (taken.length > 0) return 'claimed';
  const earlier = await earlierRequest<T>(db, scope, key, request);
  if (earlier === null) return claimKey(db, scope, key, request); // released meanwhile: take it again
  if (earlier === 'other-request') return earlier;
  return isPending(earlier.answer) ? 'in-progress' : earlier;
};

/** The claimed key's answer, for every later request with it. */
export const settleKey = async (db: Db, scope: string, key: string, answer: unknown): Promise<void> => {
  await db
    .update(idempotentRequests)
    .set({ answer })
    .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
};

/** The claimed request failed on our side (5xx: its transaction rolled back): the key may be sent again. */
export const releaseKey = async (db: Db, scope: string, key: string): Promise<void> => {
  await db
    .delete(idempotentRequests)
    .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
};

/** Keys are kept 24 hours, as Stripe keeps them; the nightly clean-up forgets older ones. */
export const deleteOldIdempotentRequests = async (db: Db, now = new Date()): Promise<number> => {
  const gone = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, new Date(now.getTime() - 24 * 3600_000)))
    .returning({ key: idempotentRequests.key });
  return gone.length;
};
