import { schema } from '@proxydesk/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useConsoleApp } from '../../../test-support/staff.js';
import { signUpReseller } from '../../../test-support/resellers.js';
import { seedIpPlan } from '../../../test-support/seed.js';

/**
 * Address replacement (issue #32 item 4, ADR 017): a customer swaps addresses of a datacenter or IPv6 plan for free
 * ones of its pool, within a monthly quota the console sets; audited, `address.replaced` queued, idempotent.
 */
const bed = useConsoleApp([]);
const db = () => bed.t.database.db;
let counter = 0;

/** A customer (a reseller with a webhook endpoint that wants `address.replaced`) and their plan. */
const customerWithPlan = async (addresses: number, product: 'PR_4' | 'PR_5' = 'PR_4') => {
  counter += 1;
  const { token, userId } = await signUpReseller(bed, `swap${counter}`);
  const hook = await bed.api.post(
    '/v1/webhook-endpoints',
    { url: 'http://127.0.0.1:9/hooks', events: ['address.replaced'] },
    { token },
  );
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
  const plan = await seedIpPlan(db(), userId, { product, addresses });
  return { token, userId, plan };
};

type Replaced = { payload: { replaced: { old: string; new: string }[] } };

const linesOf = async (planId: string, token: string) => {
  const answer = await bed.api.get(`/v1/user/plans/${planId}/addresses`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload as { addresses: string[]; replacements: { used: number; quota: number } };
};

const replace = (planId: string, addresses: string[], token: string, key?: string) =>
  bed.t.app.inject({
    method: 'POST',
    url: `/v1/user/plans/${planId}/replace`,
    payload: { addresses },
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

/** The plan's addresses as the database holds them, and its replacement rows. */
const heldBy = async (planId: string) => ({
  pool: await db()
    .select({ id: schema.proxyPool.id, address: schema.proxyPool.address })
    .from(schema.poolAssignments)
    .innerJoin(schema.proxyPool, eq(schema.proxyPool.id, schema.poolAssignments.poolId))
    .where(eq(schema.poolAssignments.customerPlanId, planId)),
  rows: await db()
    .select()
    .from(schema.addressReplacements)
    .where(eq(schema.addressReplacements.customerPlanId, planId)),
});

const setPercent = async (percent: number) => {
  const answer = await bed.api.put(
    '/v1/admin/replacement-quota',
    { percent, reason: 'test' },
    { token: bed.tokens.olga! },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe('replacing addresses', () => {
  it('swaps an address for a free one of the pool: the old leaves at once and cools down, the whitelist stays', async () => {
    const { token, userId, plan } = await customerWithPlan(20);
    const before = await linesOf(plan.id, token);
    expect(before.addresses).toHaveLength(20);
    expect(before.replacements).toMatchObject({ used: 0, quota: 2, percent: 10 });
    const old = before.addresses[0]!;

    const answer = await replace(plan.id, [old], token);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.detail).toBe('1 address replaced · 1 of 2 replacements used this month');
    const [swap] = body.payload.replaced as { old: string; new: string }[];
    expect(swap!.old).toBe(old);
    expect(before.addresses).not.toContain(swap!.new);
    expect(body.payload.addresses).toHaveLength(20);
    expect(body.payload.addresses).toContain(swap!.new);
    expect(body.payload.addresses).not.toContain(old);
    expect(body.payload.replacements).toMatchObject({ used: 1, quota: 2 });

    // The database agrees: the old address belongs to nobody and cools down; the new one is the plan's alone.
    const [oldRow] = await db()
      .select()
      .from(schema.proxyPool)
      .where(eq(schema.proxyPool.address, old.split(':')[0]!));
    expect(oldRow!.coolingUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(
      await db().select().from(schema.poolAssignments).where(eq(schema.poolAssignments.poolId, oldRow!.id)),
    ).toEqual([]);
    const whitelist = await db()
      .select({ ip: schema.whitelistedIps.ip })
      .from(schema.whitelistedIps)
      .where(eq(schema.whitelistedIps.customerPlanId, plan.id));
    expect(whitelist).toEqual([{ ip: '127.0.0.1' }]);

    // A cooling address is given to no one: the next replacement takes another free one.
    const next = await replace(plan.id, [before.addresses[1]!], token);
    expect(next.statusCode).toBe(200);
    expect(next.json().payload.replaced[0].new).not.toBe(old);

    // Audited as the customer's own action, and the event queued for their endpoint, old → new.
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.targetId, plan.id), eq(schema.auditLog.action, 'customer.addresses_replaced')),
      );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: userId, targetType: 'plan', before: { addresses: [old] } });
    const events = await db()
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.userId, userId), eq(schema.webhookEvents.type, 'address.replaced')));
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ plan_id: plan.id, product: 'PR_4', replaced: [{ old, new: swap!.new }] }),
    );
  });

  it('replaces IPv6 addresses named as shown or bare, and several at once', async () => {
    const { token, plan } = await customerWithPlan(20, 'PR_5');
    const { addresses } = await linesOf(plan.id, token);
    expect(addresses[0]).toMatch(/^\[2001:db8:5::[0-9a-f]+\]:\d+$/);
    const bare = /^\[(.+)\]/.exec(addresses[1]!)![1]!;
    const answer = await replace(plan.id, [addresses[0]!, bare], token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Replaced>().payload.replaced.map((r) => r.old)).toEqual([addresses[0], addresses[1]]);
  });

  it('keeps to the monthly quota: 10 % of the addresses, at least 1; over it a 403 that changes nothing', async () => {
    const small = await customerWithPlan(3);
    expect((await linesOf(small.plan.id, small.token)).replacements.quota).toBe(1);
    const lines = (await linesOf(small.plan.id, small.token)).addresses;
    expect((await replace(small.plan.id, [lines[0]!], small.token)).statusCode).toBe(200);
    const over = await replace(small.plan.id, [lines[1]!], small.token);
    expect(over.statusCode).toBe(403);
    expect(over.json().detail).toMatch(
      /^Monthly replacement quota reached: 1 of 1 replacements used this month, 0 left/,
    );

    const big = await customerWithPlan(30);
    const all = (await linesOf(big.plan.id, big.token)).addresses;
    const tooMany = await replace(big.plan.id, all.slice(0, 4), big.token);
    expect([tooMany.statusCode, tooMany.json().detail]).toEqual([
      403,
      expect.stringContaining('0 of 3 replacements used this month, 3 left'),
    ]);
    expect((await heldBy(big.plan.id)).rows).toEqual([]);
    expect((await linesOf(big.plan.id, big.token)).addresses).toEqual(all);
  });

  it('follows the share the console sets (audited, operators only, 1–100)', async () => {
    const { token, plan } = await customerWithPlan(20);
    await setPercent(50);
    expect((await linesOf(plan.id, token)).replacements).toMatchObject({ quota: 10, percent: 50 });
    const catalogue = await bed.api.get('/v1/admin/catalogue', { token: bed.tokens.sue! });
    expect(catalogue.body.payload.replacement_percent).toBe(50);
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'shop.replacement_quota'));
    expect(audit).toMatchObject({ before: { percent: 10 }, after: { percent: 50 }, reason: 'test' });
    const bySupport = await bed.api.put(
      '/v1/admin/replacement-quota',
      { percent: 100, reason: 'x' },
      { token: bed.tokens.sue! },
    );
    expect(bySupport.status).toBe(403);
    for (const percent of [0, 101, 2.5]) {
      const bad = await bed.api.put(
        '/v1/admin/replacement-quota',
        { percent, reason: 'x' },
        { token: bed.tokens.olga! },
      );
      expect(bad.status, String(percent)).toBe(400);
    }
    expect(
      (await bed.api.put('/v1/admin/replacement-quota', { percent: 50, reason: 'x' }, { token })).status,
    ).toBe(404);
    await setPercent(10);
  });

  it('refuses clearly: not the plan’s address, a GB plan, a pending plan, bad lists', async () => {
    const { token, userId, plan } = await customerWithPlan(10);
    const notMine = await replace(plan.id, ['192.0.2.250:31200'], token);
    expect([notMine.statusCode, notMine.json().detail]).toEqual([
      400,
      '192.0.2.250:31200 is not an address of this plan',
    ]);
    const { addresses } = await linesOf(plan.id, token);
    for (const bad of [[], [addresses[0]!, addresses[0]!], ['x'.repeat(65)]]) {
      expect((await replace(plan.id, bad, token)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const same = await replace(plan.id, [addresses[0]!, addresses[0]!.split(':')[0]!], token);
    expect([same.statusCode, same.json().detail]).toEqual([400, 'An address is named twice']);

    const pending = await seedIpPlan(db(), userId, { product: 'PR_4', addresses: 1, status: 'pending' });
    const waiting = await replace(pending.id, ['192.0.2.1'], token);
    expect([waiting.statusCode, waiting.json().detail]).toEqual([
      409,
      "Only an active plan's addresses can be replaced: this plan is pending",
    ]);
    const [gbPlan] = await db()
      .update(schema.customerPlans)
      .set({ productType: 'PR_2', ipAmount: null, dataGb: 5 })
      .where(eq(schema.customerPlans.id, pending.id))
      .returning();
    expect((await replace(gbPlan!.id, ['192.0.2.1'], token)).statusCode).toBe(400);
    expect((await bed.api.get(`/v1/user/plans/${gbPlan!.id}/addresses`, { token })).status).toBe(404);
    expect((await heldBy(plan.id)).rows).toEqual([]);
  });

  it("another customer's plan is not found (404), for reading and for replacing", async () => {
    const owner = await customerWithPlan(10);
    const other = await signUp(bed.api, bed.smtp, { username: 'nosy', email: 'nosy@example.com' });
    const { addresses } = await linesOf(owner.plan.id, owner.token);
    expect((await bed.api.get(`/v1/user/plans/${owner.plan.id}/addresses`, { token: other })).status).toBe(
      404,
    );
    const answer = await replace(owner.plan.id, [addresses[0]!], other);
    expect([answer.statusCode, answer.json().detail]).toEqual([404, 'Plan not found']);
    expect((await replace('not-a-uuid', [addresses[0]!], owner.token)).statusCode).toBe(404);
    expect((await heldBy(owner.plan.id)).pool).toHaveLength(10);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, replacing once', async () => {
    const { token, plan } = await customerWithPlan(20);
    const { addresses } = await linesOf(plan.id, token);
    const first = await replace(plan.id, [addresses[3]!], token, 'swap-once');
    expect(first.statusCode).toBe(200);
    const again = await replace(plan.id, [addresses[3]!], token, 'swap-once');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await heldBy(plan.id)).rows).toHaveLength(1);
  });

  it('20 replacements of one plan at once: the quota holds, no address is given twice, losers get 4xx', async () => {
    const { token, plan } = await customerWithPlan(30);
    const { addresses } = await linesOf(plan.id, token);
    const answers = await Promise.all(addresses.slice(0, 20).map((line) => replace(plan.id, [line], token)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 403)).toBe(true);
    const given = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json<Replaced>().payload.replaced[0]!.new);
    expect(new Set(given).size).toBe(3);
    const held = await heldBy(plan.id);
    expect(held.pool).toHaveLength(30);
    expect(held.rows).toHaveLength(3);
    // Each new address belongs to this plan alone.
    const owners = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.poolAssignments)
      .where(
        inArray(
          schema.poolAssignments.poolId,
          held.rows.map((r) => r.newPoolId!),
        ),
      );
    expect(owners[0]!.n).toBe(3);
  });

  it('20 replacements on two plans at once take 20 different free addresses', async () => {
    await setPercent(50);
    try {
      const plans = [await customerWithPlan(20), await customerWithPlan(20)];
      const calls = [];
      for (const { token, plan } of plans) {
        const { addresses } = await linesOf(plan.id, token);
        calls.push(...addresses.slice(0, 10).map((line) => replace(plan.id, [line], token)));
      }
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const given = answers.map((a) => a.json().payload.replaced[0].new as string);
      expect(new Set(given).size).toBe(20);
      for (const { plan } of plans) expect((await heldBy(plan.id)).pool).toHaveLength(20);
    } finally {
      await setPercent(10);
    }
  });

  it('with no free address of the pool: 409, nothing replaced', async () => {
    const { token, plan } = await customerWithPlan(10, 'PR_5');
    const { addresses } = await linesOf(plan.id, token);
    const until = new Date(Date.now() + 3_600_000);
    const parked = await db()
      .update(schema.proxyPool)
      .set({ coolingUntil: until })
      .where(
        and(
          eq(schema.proxyPool.productType, 'PR_5'),
          sql`${schema.proxyPool.coolingUntil} is null`,
          sql`not exists (select 1 from pool_assignments a where a.pool_id = ${schema.proxyPool.id})`,
        ),
      )
      .returning({ id: schema.proxyPool.id });
    try {
      const answer = await replace(plan.id, [addresses[0]!], token);
      expect([answer.statusCode, answer.json().detail]).toEqual([
        409,
        'No free address of this pool right now: nothing was replaced, please try later or contact support',
      ]);
      expect((await heldBy(plan.id)).rows).toEqual([]);
      expect((await linesOf(plan.id, token)).addresses).toEqual(addresses);
    } finally {
      await db()
        .update(schema.proxyPool)
        .set({ coolingUntil: null })
        .where(
          inArray(
            schema.proxyPool.id,
            parked.map((p) => p.id),
          ),
        );
    }
  });
});
