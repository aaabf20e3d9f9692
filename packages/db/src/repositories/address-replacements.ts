import {
  DEFAULT_REPLACEMENT_PERCENT,
  endpointLine,
  quotaMonthStart,
  replacementQuota,
  type ReplacementQuota,
} from '@proxydesk/contract';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import {
  addressReplacements,
  customerPlans,
  poolAssignments,
  proxyPool,
  shopSettings,
} from '../schema/index.js';
import { writeAudit, type Actor } from './admin.js';
import { auditedChange } from './admin-audited.js';
import { byAddress, lockFreeAddresses, REPLACED_ADDRESS_COOL_DOWN_MS, retryOnPoolRace } from './pool-free.js';
import { queueWebhookEvent } from './webhooks.js';
import { ownRow } from './own-row.js';

/** Products whose plans hold addresses of the pool (ADR 017: ISP lines go through the gateway by username). */
const REPLACEABLE = new Set(['PR_4', 'PR_5']);

type Plan = typeof customerPlans.$inferSelect;

/** The console's share of a plan's addresses replaceable per month, in percent. */
export const readReplacementPercent = async (db: Db): Promise<number> =>
  (await db.select().from(shopSettings).where(eq(shopSettings.id, 1)))[0]?.replacementQuotaPercent ??
  DEFAULT_REPLACEMENT_PERCENT;

/** The operator sets the share (1–100 %), audited in its transaction. */
export const saveReplacementPercent = (db: Db, actor: Actor, percent: number, reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'shop.replacement_quota', targetType: 'shop', targetId: '1', reason },
    async (tx) => {
      const before = await readReplacementPercent(tx);
      await tx
        .insert(shopSettings)
        .values({ replacementQuotaPercent: percent })
        .onConflictDoUpdate({
          target: shopSettings.id,
          set: { replacementQuotaPercent: percent, updatedAt: new Date() },
        });
      return { before: { percent: before }, after: { percent }, result: percent };
    },
  );

/** The plan's addresses, by address, with their pool rows. */
const planAddresses = (db: Db, planId: string) =>
  db
    .select({ pool: proxyPool })
    .from(poolAssignments)
    .innerJoin(proxyPool, eq(proxyPool.id, poolAssignments.poolId))
    .where(eq(poolAssignments.customerPlanId, planId))
    .orderBy(byAddress, asc(proxyPool.port));

const quotaOf = async (db: Db, plan: Plan, now: Date): Promise<ReplacementQuota> => {
  const month = quotaMonthStart(now);
  const [done] = await db
    .select({ n: count() })
    .from(addressReplacements)
    .where(and(eq(addressReplacements.customerPlanId, plan.id), gte(addressReplacements.replacedAt, month)));
  const percent = await readReplacementPercent(db);
  return {
    used: done?.n ?? 0,
    quota: replacementQuota(plan.ipAmount ?? 0, percent),
    percent,
    resets_at: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toISOString(),
  };
};

const ownPlan = (userId: string, planId: string) => ownRow(customerPlans, userId, planId);

export type PlanAddresses = { addresses: string[]; replacements: ReplacementQuota };

/** A customer's datacenter or IPv6 plan's lines and quota; undefined for another's plan or another product. */
export const readPlanAddresses = async (
  db: Db,
  userId: string,
  planId: string,
): Promise<PlanAddresses | undefined> => {
  if (!isUuid(planId)) return undefined;
  const [plan] = await db.select().from(customerPlans).where(ownPlan(userId, planId));
  if (!plan || !REPLACEABLE.has(plan.productType)) return undefined;
  const rows = await planAddresses(db, plan.id);
  return {
    addresses: rows.map(({ pool }) => endpointLine(pool)),
    replacements: await quotaOf(db, plan, new Date()),
  };
};

export type ReplacementOutcome =
  | (PlanAddresses & { replaced: { old: string; new: string }[] })
  | 'plan-not-found'
  | 'not-replaceable'
  | { notActive: Plan['status'] }
  | { notOnPlan: string }
  | 'named-twice'
  | { overQuota: ReplacementQuota }
  | 'pool-exhausted';

export interface ReplacementRequest {
  actor: Actor & { userId: string };
  planId: string;
  /** Lines as shown (`IP:PORT`, `[IPv6]:PORT`) or bare addresses. */
  addresses: string[];
}

/**
 * Swaps each named address of an active datacenter or IPv6 plan for a free one of its pool (issue #32 item 4), in
 * one transaction: the plan's row is locked first, so two replacements of one plan queue and the month's count
 * they read is the count they add to; free addresses are locked with SKIP LOCKED and assigned once (primary key,
 * `retryOnPoolRace`). The old address leaves the plan at once and cools down in the pool; the whitelist is the
 * plan's and stays; the gateways are told at commit; the customer's audit row and the `address.replaced` event are
 * written in the same transaction.
 */
export const replaceAddresses = (db: Db, request: ReplacementRequest): Promise<ReplacementOutcome> =>
  retryOnPoolRace(() =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const { actor, planId } = request;
      if (!isUuid(planId)) return 'plan-not-found';
      const [plan] = await tx.select().from(customerPlans).where(ownPlan(actor.userId, planId)).for('update');
      if (!plan) return 'plan-not-found';
      if (!REPLACEABLE.has(plan.productType)) return 'not-replaceable';
      const now = new Date();
      const ended = plan.expiresAt !== null && plan.expiresAt <= now;
      if (plan.status !== 'active' || ended) return { notActive: ended ? 'expired' : plan.status };

      const held = await planAddresses(tx, plan.id);
      const byName = new Map<string, (typeof held)[number]['pool']>();
      for (const { pool } of held) byName.set(endpointLine(pool), pool).set(pool.address, pool);
      const chosen = [];
      for (const name of request.addresses) {
        const pool = byName.get(name) ?? byName.get(name.toLowerCase());
        if (!pool) return { notOnPlan: name };
        chosen.push(pool);
      }
      if (new Set(chosen.map((pool) => pool.id)).size !== chosen.length) return 'named-twice';

      const quota = await quotaOf(tx, plan, now);
      if (quota.used + chosen.length > quota.quota) return { overQuota: quota };
      const fresh = await lockFreeAddresses(tx, plan.productType, chosen.length, now);
      if (fresh.length < chosen.length) return 'pool-exhausted';

      const oldIds = chosen.map((pool) => pool.id);
      await tx.delete(poolAssignments).where(inArray(poolAssignments.poolId, oldIds));
      await tx
        .update(proxyPool)
        .set({ coolingUntil: new Date(now.getTime() + REPLACED_ADDRESS_COOL_DOWN_MS) })
        .where(inArray(proxyPool.id, oldIds));
      await tx
        .insert(poolAssignments)
        .values(fresh.map((pool) => ({ poolId: pool.id, customerPlanId: plan.id })));
      const replaced = chosen.map((pool, index) => ({
        old: endpointLine(pool),
        new: endpointLine(fresh[index]!),
      }));
      const [first] = await tx
        .insert(addressReplacements)
        .values(
          chosen.map((pool, index) => ({
            customerPlanId: plan.id,
            oldPoolId: pool.id,
            oldEndpoint: endpointLine(pool),
            newPoolId: fresh[index]!.id,
            newEndpoint: endpointLine(fresh[index]!),
            replacedAt: now,
          })),
        )
        .returning({ id: addressReplacements.id });
      await writeAudit(tx, actor, {
        action: 'customer.addresses_replaced',
        targetType: 'plan',
        targetId: plan.id,
        before: { addresses: replaced.map((r) => r.old) },
        after: { addresses: replaced.map((r) => r.new) },
        reason: 'Replaced by the customer',
      });
      await queueWebhookEvent(tx, {
        userId: plan.userId,
        type: 'address.replaced',
        onceKey: `address.replaced:${first!.id}`,
        data: {
          plan_id: plan.id,
          plan_name: plan.planName,
          product: plan.productType,
          replaced,
          replaced_at: now.toISOString(),
        },
      });
      await notifyAccessChanged(tx);
      const after = await planAddresses(tx, plan.id);
      return {
        replaced,
        addresses: after.map(({ pool }) => endpointLine(pool)),
        replacements: { ...quota, used: quota.used + chosen.length },
      };
    }),
  );
