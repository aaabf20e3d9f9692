import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
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
