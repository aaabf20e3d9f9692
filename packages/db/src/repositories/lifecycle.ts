import { PENDING_WINDOW_MS } from '@proxydesk/contract';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { customerPlans, invoices, poolAssignments } from '../schema/index.js';

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

/** An unpaid invoice the expiry job closed: where a provider's checkout may still be open. */
export interface ExpiredInvoice {
  id: string;
  paymentMethod: string;
  providerRef: string | null;
}

/**
 * Unpaid invoices past their pending hour are marked expired (issue #16 §3): their coupon holds end, and the
 * invoice page says "Expired". One statement; running it again changes nothing. A payment that still arrives is
 * honoured (ADR 005).
 */
export const expireUnpaidInvoices = async (db: Db, now = new Date()): Promise<ExpiredInvoice[]> =>
  db
    .update(invoices)
    .set({ expiredAt: now })
    .where(
      and(
        eq(invoices.paid, false),
        isNull(invoices.expiredAt),
        lte(invoices.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS)),
        // A by-hand invoice stays payable until its due time (issue #30 item 7).
        or(isNull(invoices.dueAt), lte(invoices.dueAt, now)),
      ),
    )
    .returning({ id: invoices.id, paymentMethod: invoices.paymentMethod, providerRef: invoices.providerRef });
