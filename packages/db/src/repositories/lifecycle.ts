import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { customerPlans, poolAssignments } from '../schema/index.js';

/** How long an expired plan's datacenter / IPv6 addresses stay reserved for it (PLAN_GRACE_HOURS's default). */
export const DEFAULT_GRACE_HOURS = 72;

/**
 * Plans whose time is up become `expired` (issue #16 §3): one statement, so any number of plans expire at once and
 * running it again changes nothing. Answers the ids that changed, for the gateways to hear of them.
 */
export const expireEndedPlans = async (db: Db, now = new Date()): Promise<string[]> => {
  const expired = await db
    .update(customerPlans)
    .set({ status: 'expired' })
    .where(and(eq(customerPlans.status, 'active'), lte(customerPlans.expiresAt, now)))
    .returning({ id: customerPlans.id });
  return expired.map((row) => row.id);
};

/**
 * An expired plan keeps its addresses for `graceHours` (so a renewal gets the same ones back); after that they
 * return to the pool. Answers how many addresses were released.
 */
export const releaseExpiredAddresses = async (
  db: Db,
  graceHours: number,
  now = new Date(),
): Promise<number> => {
  const before = new Date(now.getTime() - graceHours * 3_600_000);
  const released = await db
    .delete(poolAssignments)
    .where(
      inArray(
        poolAssignments.customerPlanId,
        db
          .select({ id: customerPlans.id })
          .from(customerPlans)
          .where(
            and(
              eq(customerPlans.status, 'expired'),
              sql`${customerPlans.expiresAt} <= ${before.toISOString()}::timestamptz`,
            ),
          ),
      ),
    )
    .returning({ poolId: poolAssignments.poolId });
  return released.length;
};
