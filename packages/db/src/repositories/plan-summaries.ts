import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { customerPlans, whitelistedIps } from '../schema/index.js';
import { planUsedBytes } from './usage.js';

/**
 * A customer's plans that still matter (the dashboard's list, issue #19): waiting for activation, running, or
 * ended less than `graceHours` ago (still renewable); newest first, each with its bytes used and IPs whitelisted.
 */
/** Qualified: in a one-table select Drizzle names the column alone, which a subquery would read as its own. */
const planId = sql`${customerPlans}.${sql.identifier('id')}`;

export const listCurrentPlans = async (db: Db, userId: string, graceHours: number, now = new Date()) =>
  db
    .select({
      plan: customerPlans,
      usedBytes: planUsedBytes(planId).mapWith(Number),
      whitelisted:
        sql<number>`(select count(*) from ${whitelistedIps} where ${whitelistedIps.customerPlanId} = ${planId})`.mapWith(
          Number,
        ),
    })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.userId, userId),
        or(
          eq(customerPlans.status, 'pending'),
          and(
            inArray(customerPlans.status, ['active', 'expired']),
            gt(customerPlans.expiresAt, new Date(now.getTime() - graceHours * 3_600_000)),
          ),
        ),
      ),
    )
    .orderBy(desc(customerPlans.createdAt));
