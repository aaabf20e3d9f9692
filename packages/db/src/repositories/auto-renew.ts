import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { customerPlans, users } from '../schema/index.js';
import { insertOutboxMail } from './mail-outbox.js';
import { ownRow } from './own-row.js';

/** Within this long of its end, an auto-renewing plan is renewed from its owner's balance (issue #16 §5). */
export const AUTO_RENEW_HOURS = 24;

/** A reseller turns a plan's auto-renew on or off; a past failure is forgotten. Answers false when not theirs. */
export const setAutoRenew = async (
  db: Db,
  userId: string,
  planId: string,
  enabled: boolean,
): Promise<boolean> => {
  const changed = await db
    .update(customerPlans)
    .set({ autoRenew: enabled, autoRenewFailedFor: null })
    .where(ownRow(customerPlans, userId, planId))
    .returning({ id: customerPlans.id });
  return changed.length > 0;
};

/** Running plans with auto-renew on, ending within a day, whose renewal has not already failed for this end. */
export const dueAutoRenewals = (db: Db, now = new Date()) =>
  db
    .select({ id: customerPlans.id, userId: customerPlans.userId, expiresAt: customerPlans.expiresAt })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.autoRenew, true),
        eq(customerPlans.status, 'active'),
        gt(customerPlans.expiresAt, now),
        lte(customerPlans.expiresAt, new Date(now.getTime() + AUTO_RENEW_HOURS * 3_600_000)),
        or(
          isNull(customerPlans.autoRenewFailedFor),
          ne(customerPlans.autoRenewFailedFor, customerPlans.expiresAt),
        ),
      ),
    );

/**
 * The balance could not pay: the plan remembers it for this end (no retry every few minutes) and the reseller
 * gets one mail saying why and what to do, in one transaction.
 */
export const recordAutoRenewFailure = async (
  db: Db,
  plan: { id: string; expiresAt: Date },
  reason: string,
): Promise<void> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .update(customerPlans)
      .set({ autoRenewFailedFor: plan.expiresAt })
      .where(eq(customerPlans.id, plan.id))
      .returning({ userId: customerPlans.userId, planName: customerPlans.planName });
    if (!row) return;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    if (!owner) return;
    await insertOutboxMail(tx, {
      to: owner.email,
      userId: row.userId,
      template: 'auto-renew-failed',
      data: { plan: row.planName, endsAt: plan.expiresAt.toISOString(), reason },
      onceKey: `auto-renew-failed:${plan.id}:${Math.floor(plan.expiresAt.getTime() / 1000)}`,
    });
  });
