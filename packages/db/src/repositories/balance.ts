import type { Db } from '../client.js';
import { balanceLedger } from '../schema/index.js';
import { lockedBalanceCents } from './payments.js';

export interface BalanceChange {
  beforeCents: number;
  afterCents: number;
  /** False when the entry would have taken the balance below zero: nothing was written. */
  applied: boolean;
}

/**
 * An operator's credit or debit: one ledger entry, in a transaction that locks the customer's row, so the
 * balance is never taken below zero even while the customer spends it.
 */
export const adjustBalance = (
  db: Db,
  userId: string,
  cents: number,
  reason: string,
): Promise<BalanceChange> =>
  db.transaction(async (tx) => {
    const beforeCents = await lockedBalanceCents(tx, userId);
    if (beforeCents + cents < 0) return { beforeCents, afterCents: beforeCents, applied: false };
    await tx.insert(balanceLedger).values({ userId, amountCents: cents, reason });
    return { beforeCents, afterCents: beforeCents + cents, applied: true };
  });
