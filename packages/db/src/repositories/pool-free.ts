import { and, asc, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { poolAssignments, proxyPool } from '../schema/index.js';
import { violatedUniqueIndex } from './accounts.js';

/** Addresses in numeric order (…9, …10, …100), not as text (…1, …10, …100, …2). */
export const byAddress = sql`${proxyPool.address}::inet`;

/** Assigned to a plan (a pool address belongs to at most one). */
export const isAssigned = sql`exists (select 1 from ${poolAssignments} where ${poolAssignments.poolId} = ${proxyPool.id})`;

/**
 * How long an address replaced out of a plan waits before anyone is given it again (ADR 017): a customer who
 * replaced a blocked address does not get it back with the next replacement, nor does the next customer.
 */
export const REPLACED_ADDRESS_COOL_DOWN_MS = 24 * 3_600_000;

/** The one rule of a free address: in service, not cooling down after a replacement, and not assigned. */
export const isFreeAddress = (now: Date) =>
  and(
    isNull(proxyPool.retiredAt),
    or(isNull(proxyPool.coolingUntil), lte(proxyPool.coolingUntil, now)),
    sql`not ${isAssigned}`,
  );

/**
 * Locks up to `count` free addresses of a product, first by address, skipping those another transaction holds:
 * concurrent takers never wait on each other and never take the same one.
 */
export const lockFreeAddresses = (tx: Db, productType: string, count: number, now = new Date()) =>
  tx
    .select()
    .from(proxyPool)
    .where(and(sql`${proxyPool.productType} = ${productType}`, isFreeAddress(now)))
    .orderBy(byAddress, asc(proxyPool.port))
    .limit(count)
    .for('update', { skipLocked: true });

/** Tries of a transaction that lost a race for an address. */
const POOL_RACE_TRIES = 5;

/**
 * Runs `work` (a transaction that assigns free addresses) again when it lost a race: an address another
 * transaction took and committed while this one read can still look free here (the lock is free again, the read
 * was before its commit); its assignment then fails on the key, and the work starts again and reads afresh.
 */
export const retryOnPoolRace = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (attempt >= POOL_RACE_TRIES || index === undefined || !index.startsWith('pool_assignments'))
        throw error;
    }
  }
};
