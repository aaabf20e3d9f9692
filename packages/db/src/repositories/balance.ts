import type { Db } from '../client.js';
import { balanceLedger } from '../schema/index.js';
import { lockedBalanceCents } from './payments.js';

export interface BalanceEntry {
  beforeCents: number;
  afterCents: number;
  /** False when the entry would have taken the balance below zero: nothing was written. */
  applied: boolean;
}

/**
 * Inside the caller's transaction: an operator's credit or debit (console or command line) as one ledger entry,
 * "Operator: <reason>", under the customer's row lock so that it never takes the balance below zero, even while
 * the customer spends it.
 */
export const enterOperatorBalance = async (
  tx: Db,
  userId: string,
  cents: number,
  reason: string,
): Promise<BalanceEntry> => {
  const beforeCents = await lockedBalanceCents(tx, userId);
  const afterCents = beforeCents + cents;
  if (afterCents < 0) return { beforeCents, afterCents: beforeCents, applied: false };
  await tx.insert(balanceLedger).values({ userId, amountCents: cents, reason: `Operator: ${reason}` });
  return { beforeCents, afterCents, applied: true };
};

/** The same in a transaction of its own (the operator's command line). */
export const enterOperatorBalanceAlone = (
  db: Db,
  userId: string,
  cents: number,
  reason: string,
): Promise<BalanceEntry> => db.transaction((tx) => enterOperatorBalance(tx, userId, cents, reason));
