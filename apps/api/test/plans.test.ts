import { planEndpoints, proxyEndpoints, type Plan } from '@proxydesk/contract';
import { recordUsage, schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';
import { buyWithSandbox } from '../../../test-support/shop-customers.js';

let t: TestApp;
let api: ApiClient;
let plans: Plan[];
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', PLAN_GRACE_HOURS: '72' } });
  api = apiClient(t.app);
  plans = (await api.get('/v1/plan/read')).body.payload as Plan[];
});
afterAll(() => t.close());

const GB = 1024 ** 3;
const DAY = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

const customer = async (name: string) => {
  const user = await seedAccount(t.database.db, name);
  const token = await mintSession(t.database.db, user);
  await api.post(
    '/v1/billing/create',
    { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Poland' },
    { token },
  );
  return { token, userId: user.id };
};
/** Buys the first catalogue plan of a product and pays it on the sandbox page: answers the plan it made. */
const buy = async (token: string, userId: string, type: string) => {
  await buyWithSandbox({ t, api }, token, { plan: plans.find((p) => p.type === type)!.id });
  const [plan] = await t.database.db
    .select()
    .from(schema.customerPlans)
    .where(and(eq(schema.customerPlans.userId, userId), eq(schema.customerPlans.productType, type)));
  return plan!;
};
const setPlan = (id: string, values: Partial<typeof schema.customerPlans.$inferInsert>) =>
  t.database.db.update(schema.customerPlans).set(values).where(eq(schema.customerPlans.id, id));
/** Read with the contract's own schemas: the shape is checked on every call. */
const list = async (token: string) =>
  planEndpoints.list.response.parse((await api.get('/v1/user/plans', { token })).body).payload;
const usage = async (token: string, planId: string) =>
  planEndpoints.usage.response.parse((await api.get(`/v1/user/plan-usage?plan_id=${planId}`, { token })).body)
    .payload;

describe('GET /v1/user/plans (issue #19 item 3)', () => {
  it('is empty for a new customer, and needs a session', async () => {
    const { token } = await customer('plansnew');
    expect(await list(token)).toEqual([]);
    expect((await api.get('/v1/user/plans')).status).toBe(401);
  });

  it('lists every current plan with its usage or IPs and the one next step that matters most', async () => {
    const { token, userId } = await customer('plansall');
    const isp = await buy(token, userId, 'PR_2');
    const dc = await buy(token, userId, 'PR_4');
    const premium = await buy(token, userId, 'PR_6');
    const ispPlan = plans.find((p) => p.type === 'PR_2')!;
    const dcPlan = plans.find((p) => p.type === 'PR_4')!;

    let mine = await list(token);
    expect(mine.map((p) => p.product).sort()).toEqual(['PR_2', 'PR_4', 'PR_6']);
    expect(mine.find((p) => p.id === isp.id)).toMatchObject({
      status: 'active',
      data_gb: ispPlan.data,
      used_gb: 0,
      ip_amount: null,
      ips_used: null,
      action: 'get_proxies',
    });
    expect(mine.find((p) => p.id === dc.id)).toMatchObject({
      status: 'pending',
      expiry_date: null,
      data_gb: null,
      used_gb: null,
      ip_amount: dcPlan.ipAmount,
      ips_used: 0,
      action: 'activate',
    });

    // Activated, the datacenter plan counts its whitelisted IP and offers its proxies.
    await api.post('/v1/user/activate-dc-ipv6-plan', { ips: ['198.51.100.4'], type: 'PR_4' }, { token });
    // The ISP plan at 85% of its data is low: more GB; used up, still more GB, even in its last days.
    await recordUsage(t.database.db, {
      planId: isp.id,
      userId,
      productType: 'PR_2',
      bucket: new Date(),
      bytesUp: 0,
      bytesDown: Math.round(ispPlan.data! * 0.85 * GB),
    });
    // The premium plan ends in two days: renew.
    await setPlan(premium.id, { expiresAt: new Date(Date.now() + 2 * DAY) });
    mine = await list(token);
    expect(mine.find((p) => p.id === dc.id)).toMatchObject({
      status: 'active',
      ips_used: 1,
      action: 'get_proxies',
    });
    expect(mine.find((p) => p.id === isp.id)).toMatchObject({
      used_gb: Math.round(ispPlan.data! * 0.85 * 100) / 100,
      action: 'buy_gb',
    });
    expect(mine.find((p) => p.id === premium.id)).toMatchObject({ action: 'renew' });

    // Ended an hour ago: in its grace period, shown expired with Renew; ended past it: gone from the list.
    await setPlan(dc.id, { expiresAt: new Date(Date.now() - 3_600_000) });
    await setPlan(isp.id, { status: 'expired', expiresAt: new Date(Date.now() - 73 * 3_600_000) });
    mine = await list(token);
    expect(mine.find((p) => p.id === dc.id)).toMatchObject({ status: 'expired', action: 'renew' });
    expect(mine.some((p) => p.id === isp.id)).toBe(false);

    // Suspended (refunded) plans are not offered anything.
    await setPlan(premium.id, { status: 'suspended' });
    expect((await list(token)).some((p) => p.id === premium.id)).toBe(false);

    // Another customer sees none of them.
    const other = await customer('plansother');
    expect(await list(other.token)).toEqual([]);
  });
});

describe('GET /v1/user/plan-usage (issue #19 item 7)', () => {
  it("adds up: the plan's days from its start sum to the used figure of its product page", async () => {
    const { token, userId } = await customer('usagesum');
    const isp = await buy(token, userId, 'PR_2');
    const start = Date.now() - 4 * DAY;
    await setPlan(isp.id, { activatedAt: new Date(start) });
    const row = (at: number, gb: number, planId: string | null = isp.id) => {
      const bytes = Math.round(gb * GB);
      return recordUsage(t.database.db, {
        planId,
        userId,
        productType: 'PR_2',
        bucket: new Date(at),
        bytesUp: Math.round(bytes * 0.1),
        bytesDown: bytes - Math.round(bytes * 0.1),
      });
    };
    // Two rows in one UTC day whatever the time of day the test runs at: the midnight after the start, plus 2 h
    // and 3 h.
    const nextDay = Math.floor(start / DAY) * DAY + DAY;
    const counted = [
      [start + 60_000, 0.4],
      [nextDay + 2 * 3_600_000, 1.25],
      [nextDay + 3 * 3_600_000, 0.05],
      [Date.now() - 60_000, 0.333],
    ] as const;
    for (const [at, bytes] of counted) await row(at, bytes);
    // The same product's bytes before the plan (counted against none) are not the plan's.
    await row(start - 2 * DAY, 5, null);

    const u = await usage(token, isp.id);
    const total = counted.reduce((sum, [, gb]) => sum + Math.round(gb * GB), 0);
    expect(u.used_bytes).toBe(total);
    expect(u.days.reduce((sum, d) => sum + d.bytes, 0)).toBe(total);
    expect(u.period_start).toBe(new Date(start).toISOString());
    expect(u.days[0]!.date).toBe(utcDay(start));
    expect(u.days.at(-1)!.date).toBe(utcDay(Date.now()));
    expect(u.days.find((d) => d.date === utcDay(nextDay))!.bytes).toBe(
      Math.round(1.25 * GB) + Math.round(0.05 * GB),
    );

    // The product page's "used" figure is the same total, in GB.
    const page = proxyEndpoints.dashboard.response.parse(
      (await api.get('/v1/user/dashboard', { token })).body,
    ).payload;
    expect(page.PR_2.user_data.data.traffic).toBe(Math.round((total / GB) * 100) / 100);
    expect((await list(token))[0]!.used_gb).toBe(page.PR_2.user_data.data.traffic);
  });

  it("refuses another customer's plan (404), a plan not started (400) and no plan (400)", async () => {
    const owner = await customer('usageowner');
    const plan = await buy(owner.token, owner.userId, 'PR_2');
    const pending = await buy(owner.token, owner.userId, 'PR_5');
    const other = await customer('usagestranger');
    const answer = await api.get(`/v1/user/plan-usage?plan_id=${plan.id}`, { token: other.token });
    expect(answer).toEqual({ status: 404, body: { detail: 'Plan not found' } });
    expect((await api.get('/v1/user/plan-usage?plan_id=nope', { token: owner.token })).status).toBe(404);
    const notStarted = await api.get(`/v1/user/plan-usage?plan_id=${pending.id}`, { token: owner.token });
    expect(notStarted.status).toBe(400);
    expect(notStarted.body.detail).toMatch(/activate/i);
    const missing = await api.get('/v1/user/plan-usage', { token: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/plan_id|plan/i);
  });
});
