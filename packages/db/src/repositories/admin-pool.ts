import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import type { PoolEndpoint } from '../catalogue/pool.js';
import { isUuid } from '../schema/columns.js';
import { customerPlans, poolAssignments, proxyPool, users } from '../schema/index.js';
import type { Actor } from './admin.js';
import { auditedChange, Refusal } from './admin-audited.js';
import { isAssigned, isFreeAddress, lockFreeAddresses } from './pool-free.js';
import { onePage } from './paging.js';

export const POOL_STATES = ['free', 'assigned', 'retired'] as const;
export type PoolState = (typeof POOL_STATES)[number];

/** Adds the addresses not in the pool yet (any product): importing the same lines twice adds nothing. */
export const importPool = (
  db: Db,
  actor: Actor,
  productType: string,
  endpoints: PoolEndpoint[],
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'pool.import', targetType: 'pool', targetId: productType, reason },
    async (tx) => {
      let added = 0;
      for (let start = 0; start < endpoints.length; start += 1000) {
        const rows = await tx
          .insert(proxyPool)
          .values(endpoints.slice(start, start + 1000).map((endpoint) => ({ productType, ...endpoint })))
          .onConflictDoNothing()
          .returning({ id: proxyPool.id });
        added += rows.length;
      }
      const result = { added, existing: endpoints.length - added };
      return { before: null, after: result, result };
    },
  );

/** Pool addresses with the plan and customer each is assigned to, paged, by address. */
export const listPool = async (
  db: Db,
  filter: { product?: string | undefined; state?: PoolState | undefined; q?: string | undefined },
  page: number,
  pageSize: number,
) => {
  const where = and(
    filter.product ? eq(proxyPool.productType, filter.product) : undefined,
    filter.state === 'retired' ? isNotNull(proxyPool.retiredAt) : undefined,
    filter.state === 'free' ? isFreeAddress(new Date()) : undefined,
    filter.state === 'assigned' ? isAssigned : undefined,
    filter.q
      ? sql`${proxyPool.address} like ${`${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
  return onePage(
    db
      .select({
        pool: proxyPool,
        planId: customerPlans.id,
        planName: customerPlans.planName,
        userId: users.id,
        username: users.username,
      })
      .from(proxyPool)
      .leftJoin(poolAssignments, eq(poolAssignments.poolId, proxyPool.id))
      .leftJoin(customerPlans, eq(customerPlans.id, poolAssignments.customerPlanId))
      .leftJoin(users, eq(users.id, customerPlans.userId))
      .where(where)
      .orderBy(asc(proxyPool.productType), sql`${proxyPool.address}::inet`, asc(proxyPool.port)),
    db.select({ n: count() }).from(proxyPool).where(where),
    page,
    pageSize,
  );
};

/** Per product: addresses in service, assigned, free, and retired. */
export const poolUtilisation = (db: Db) =>
  db
    .select({
      product: proxyPool.productType,
      total: sql`count(*) filter (where ${proxyPool.retiredAt} is null)`.mapWith(Number),
      assigned: sql`count(${poolAssignments.poolId})`.mapWith(Number),
      retired: sql`count(*) filter (where ${proxyPool.retiredAt} is not null)`.mapWith(Number),
    })
    .from(proxyPool)
    .leftJoin(poolAssignments, eq(poolAssignments.poolId, proxyPool.id))
    .groupBy(proxyPool.productType)
    .orderBy(proxyPool.productType);

/** A plan moved off a retired address: whose it is, and where it went. */
export interface PoolMove {
  planId: string;
  planName: string;
  productType: string;
  userId: string;
  email: string;
  username: string;
  from: PoolEndpoint;
  to: PoolEndpoint;
}

/**
 * Takes an address out of service: it is never assigned again, and the plan using it (if any) is moved to a free
 * address of the same product, the gateways told at commit. `onMoved` runs in the same transaction (the customer's
 * mail). Answers the customer moved and their new address.
 */
export const retirePoolAddress = (
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
  onMoved?: (tx: Db, move: PoolMove) => Promise<unknown>,
) =>
  auditedChange(
    db,
    actor,
    { action: 'pool.retire', targetType: 'pool-address', targetId: id, reason },
    async (tx) => {
      if (!isUuid(id)) return undefined;
      const [address] = await tx.select().from(proxyPool).where(eq(proxyPool.id, id)).for('update');
      if (!address) return undefined;
      if (address.retiredAt) throw new Refusal('This address is retired already');
      const [assignment] = await tx
        .select()
        .from(poolAssignments)
        .where(eq(poolAssignments.poolId, id))
        .for('update');
      const from = { address: address.address, port: address.port };
      let moved: PoolMove | null = null;
      if (assignment) {
        const [free] = await lockFreeAddresses(tx, address.productType, 1);
        if (!free)
          throw new Refusal('No free address of this product to move its customer to: import more first');
        await tx.delete(poolAssignments).where(eq(poolAssignments.poolId, id));
        await tx
          .insert(poolAssignments)
          .values({ poolId: free.id, customerPlanId: assignment.customerPlanId });
        const [owner] = await tx
          .select({
            userId: users.id,
            email: users.email,
            username: users.username,
            planName: customerPlans.planName,
            productType: customerPlans.productType,
          })
          .from(customerPlans)
          .innerJoin(users, eq(users.id, customerPlans.userId))
          .where(eq(customerPlans.id, assignment.customerPlanId));
        moved = {
          planId: assignment.customerPlanId,
          ...owner!,
          from,
          to: { address: free.address, port: free.port },
        };
        await notifyAccessChanged(tx);
        await onMoved?.(tx, moved);
      }
      await tx.update(proxyPool).set({ retiredAt: new Date() }).where(eq(proxyPool.id, id));
      return {
        before: { ...from, planId: assignment?.customerPlanId ?? null },
        after: { retired: true, movedTo: moved?.to ?? null },
        result: { from, moved },
      };
    },
  );
