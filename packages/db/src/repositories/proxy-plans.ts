import { endpointLine } from '@proxydesk/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { customerPlans, invoices, poolAssignments, proxyPool, whitelistedIps } from '../schema/index.js';
import { violatedUniqueIndex } from './accounts.js';
import { byAddress, lockFreeAddresses, retryOnPoolRace } from './pool-free.js';
import { findOwnRow, ownRow } from './own-row.js';

export type CustomerPlan = typeof customerPlans.$inferSelect;
export type CustomerPlanStatus = CustomerPlan['status'];

/** A customer's plans of one product in one status. */
export const customerPlansIn = (userId: string, productType: string, status: CustomerPlanStatus) =>
  and(
    eq(customerPlans.userId, userId),
    eq(customerPlans.productType, productType),
    eq(customerPlans.status, status),
  );

/** A customer's own plan; another customer's (or a malformed id) is simply not found. */
export const findOwnPlan = (db: Db, userId: string, id: string): Promise<CustomerPlan | undefined> =>
  findOwnRow(db, customerPlans, userId, id);

/**
 * `no-pending-plan`: no plan named and none waiting; a named plan (issue #33 item 3) that is not the caller's is
 * `plan-not-found`, of another product `wrong-product`, already started or ended `not-pending`.
 */
export type ActivationOutcome =
  | { activated: CustomerPlan }
  | 'no-pending-plan'
  | 'plan-not-found'
  | 'wrong-product'
  | { notPending: CustomerPlanStatus }
  | 'pool-exhausted';

type ActivationRequest = { userId: string; productType: string; planId?: string | undefined; ip: string };

/**
 * Activates a pending IP plan: takes `ipAmount` free pool addresses of its product, whitelists `ip`, and
 * starts its time, in one transaction. Free addresses are taken with SKIP LOCKED, and each address can be
 * assigned once (primary key), so concurrent activations never share an address (`retryOnPoolRace`).
 */
export const activateIpPlan = (db: Db, request: ActivationRequest): Promise<ActivationOutcome> =>
  retryOnPoolRace(() => activateOnce(db, request));

/**
 * The plan to activate, locked: the named one (the caller's, whatever its state, so the caller learns why it
 * cannot start), else the caller's oldest pending plan of the product. A concurrent activation of the same plan
 * waits on the lock and then reads it active.
 */
const lockPlanToActivate = async (
  tx: Db,
  request: ActivationRequest,
): Promise<CustomerPlan | 'no-pending-plan' | 'plan-not-found'> => {
  if (request.planId !== undefined) {
    if (!isUuid(request.planId)) return 'plan-not-found';
    const [named] = await tx
      .select()
      .from(customerPlans)
      .where(ownRow(customerPlans, request.userId, request.planId))
      .for('update');
    return named ?? 'plan-not-found';
  }
  const [oldest] = await tx
    .select()
    .from(customerPlans)
    .where(customerPlansIn(request.userId, request.productType, 'pending'))
    .orderBy(asc(customerPlans.createdAt))
    .limit(1)
    .for('update');
  return oldest ?? 'no-pending-plan';
};

const activateOnce = (db: Db, request: ActivationRequest): Promise<ActivationOutcome> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const found = await lockPlanToActivate(tx, request);
    if (typeof found === 'string') return found;
    const plan = found;
    if (plan.productType !== request.productType) return 'wrong-product';
    if (plan.status !== 'pending') return { notPending: plan.status };
    const wanted = plan.ipAmount ?? 0;
    const free = await lockFreeAddresses(tx, plan.productType, wanted);
    if (free.length < wanted) return 'pool-exhausted';
    if (free.length > 0)
      await tx
        .insert(poolAssignments)
        .values(free.map((row) => ({ poolId: row.id, customerPlanId: plan.id })));
    const now = new Date();
    const [activated] = await tx
      .update(customerPlans)
      .set({
        status: 'active',
        activatedAt: now,
        expiresAt: new Date(now.getTime() + plan.durationHours * 3_600_000),
      })
      .where(eq(customerPlans.id, plan.id))
      .returning();
    await tx.insert(whitelistedIps).values({ customerPlanId: plan.id, ip: request.ip }).onConflictDoNothing();
    await notifyAccessChanged(tx);
    return { activated: activated! };
  });

export type WhitelistOutcome = 'added' | 'duplicate' | 'full';

/** Whitelists an IP on a plan, within `allowance` (checked under a lock on the plan). */
export const addWhitelistedIp = (
  db: Db,
  planId: string,
  ip: string,
  allowance: number,
): Promise<WhitelistOutcome> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .select({ id: customerPlans.id })
      .from(customerPlans)
      .where(eq(customerPlans.id, planId))
      .for('update');
    const [used] = await tx
      .select({ n: count() })
      .from(whitelistedIps)
      .where(eq(whitelistedIps.customerPlanId, planId));
    const [already] = await tx
      .select({ id: whitelistedIps.id })
      .from(whitelistedIps)
      .where(and(eq(whitelistedIps.customerPlanId, planId), eq(whitelistedIps.ip, ip)));
    if (already) return 'duplicate';
    if ((used?.n ?? 0) >= allowance) return 'full';
    try {
      await tx.insert(whitelistedIps).values({ customerPlanId: planId, ip });
    } catch (error) {
      if (violatedUniqueIndex(error) !== undefined) return 'duplicate';
      throw error;
    }
    await notifyAccessChanged(tx);
    return 'added';
  });

/** Whitelisted IPs of a customer's plans of one product, or of one of them. */
export const listWhitelistedIps = async (db: Db, userId: string, productType: string, planId?: string) => {
  if (planId !== undefined && !isUuid(planId)) return [];
  return db
    .select({ id: whitelistedIps.id, ip: whitelistedIps.ip })
    .from(whitelistedIps)
    .innerJoin(customerPlans, eq(customerPlans.id, whitelistedIps.customerPlanId))
    .where(
      and(
        eq(customerPlans.userId, userId),
        eq(customerPlans.productType, productType),
        ...(planId ? [eq(customerPlans.id, planId)] : []),
      ),
    )
    .orderBy(asc(whitelistedIps.createdAt));
};

/** Removes a whitelisted IP of one of the customer's plans; false when there is none such. */
export const deleteWhitelistedIp = async (db: Db, userId: string, id: string): Promise<boolean> => {
  if (!isUuid(id)) return false;
  const own = db.select({ id: customerPlans.id }).from(customerPlans).where(eq(customerPlans.userId, userId));
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const deleted = await tx
      .delete(whitelistedIps)
      .where(and(eq(whitelistedIps.id, id), inArray(whitelistedIps.customerPlanId, own)))
      .returning({ id: whitelistedIps.id });
    if (deleted.length === 1) await notifyAccessChanged(tx);
    return deleted.length === 1;
  });
};

export const renamePlan = async (db: Db, userId: string, id: string, planName: string): Promise<boolean> => {
  if (!isUuid(id)) return false;
  const renamed = await db
    .update(customerPlans)
    .set({ planName })
    .where(ownRow(customerPlans, userId, id))
    .returning({ id: customerPlans.id });
  return renamed.length === 1;
};

/** `IP:PORT` of the addresses assigned to a customer's active plans of one product. */
export const assignedEndpoints = async (
  db: Db,
  userId: string,
  productType: string,
  /** One of the customer's plans alone (the export of one plan); absent: all their active plans of the product. */
  planId?: string,
): Promise<string[]> => {
  const rows = await db
    .select({ address: proxyPool.address, port: proxyPool.port })
    .from(poolAssignments)
    .innerJoin(proxyPool, eq(proxyPool.id, poolAssignments.poolId))
    .innerJoin(customerPlans, eq(customerPlans.id, poolAssignments.customerPlanId))
    .where(
      and(
        customerPlansIn(userId, productType, 'active'),
        planId === undefined ? undefined : eq(customerPlans.id, planId),
      ),
    )
    .orderBy(byAddress, asc(proxyPool.port));
  return rows.map(endpointLine);
};

/** A customer's plans of some products, newest first, each with its whitelisted IP count. */
export const listCustomerPlans = async (db: Db, userId: string, productTypes: string[]) =>
  db
    .select({
      plan: customerPlans,
      invoicePlanName: invoices.planName,
      whitelisted:
        sql<number>`(select count(*) from ${whitelistedIps} where ${whitelistedIps.customerPlanId} = ${customerPlans.id})`.mapWith(
          Number,
        ),
    })
    .from(customerPlans)
    .innerJoin(invoices, eq(invoices.id, customerPlans.invoiceId))
    .where(and(eq(customerPlans.userId, userId), inArray(customerPlans.productType, productTypes)))
    .orderBy(desc(customerPlans.createdAt));

export const hasPendingPlan = async (db: Db, userId: string, productType: string): Promise<boolean> =>
  (
    await db
      .select({ id: customerPlans.id })
      .from(customerPlans)
      .where(customerPlansIn(userId, productType, 'pending'))
      .limit(1)
  ).length > 0;
