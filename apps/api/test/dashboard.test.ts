import { proxyEndpoints, type Plan } from '@proxydesk/contract';
import { recordUsage, schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailedApp } from '../../../test-support/app.js';
import { buyWithSandbox, signUpCustomer } from '../../../test-support/shop-customers.js';

const bed = useMailedApp();
let plans: Plan[];
beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

const GB = 1024 ** 3;
const customer = async (username: string) => {
  const { token, user } = await signUpCustomer(bed, username, 'Poland');
  return { token, userId: user.id };
};
const buyAndPay = (token: string, plan: Plan) => buyWithSandbox(bed, token, { plan: plan.id });
/** The answer, read with the contract's own schema: the shape is checked on every call. */
const dashboard = async (token: string) =>
  proxyEndpoints.dashboard.response.parse((await bed.api.get('/v1/user/dashboard', { token })).body).payload;

describe('GET /v1/user/dashboard (SPEC.md §3, §4)', () => {
  it('a new customer has no plan anywhere: N/A and 0 GB, thirty days of zero usage', async () => {
    const { token } = await customer('fresh');
    const d = await dashboard(token);
    expect(Object.keys(d).sort()).toEqual(['PR_2', 'PR_3', 'PR_4', 'PR_5', 'PR_6']);
    expect(d.PR_2).toMatchObject({
      have_plan: false,
      isPendingPlan: false,
      plan_data: null,
      user_data: { data: { traffic: 0, bandwidth: 0 } },
    });
    expect(d.PR_6.user_data).toEqual({ data: { availableTraffic: 0, usedTraffic: 0 } });
    expect(d.PR_3).toMatchObject({
      have_plan: false,
      plan_data: null,
      user_data: { data: { traffic: 0, bandwidth: 0 } },
    });
    expect(d.PR_4).toMatchObject({
      have_plan: false,
      isPendingPlan: false,
      plan_data: [],
      proxies: [],
      ipAmount: 0,
      user_data: null,
    });
    expect(d.PR_2.usage_stats).toHaveLength(30);
    expect(d.PR_2.usage_stats.every((day) => day.gb === 0)).toBe(true);
    expect(d.PR_2.usage_stats.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('shows ISP and premium data bought and used, from the usage the gateway records', async () => {
    const { token, userId } = await customer('dataplans');
    const isp = plans.find((p) => p.type === 'PR_2')!;
    const premium = plans.find((p) => p.type === 'PR_6')!;
    await buyAndPay(token, isp);
    await buyAndPay(token, premium);
    const planOf = async (productType: string) =>
      (
        await bed.t.database.db
          .select({ id: schema.customerPlans.id })
          .from(schema.customerPlans)
          .where(
            and(eq(schema.customerPlans.userId, userId), eq(schema.customerPlans.productType, productType)),
          )
      )[0]!.id;
    await recordUsage(bed.t.database.db, {
      planId: await planOf('PR_2'),
      userId,
      productType: 'PR_2',
      bucket: new Date(),
      bytesUp: 0.5 * GB,
      bytesDown: GB,
    });
    await recordUsage(bed.t.database.db, {
      planId: await planOf('PR_6'),
      userId,
      productType: 'PR_6',
      bucket: new Date(),
      bytesUp: 0,
      bytesDown: 0.25 * GB,
    });

    const d = await dashboard(token);
    expect(d.PR_2).toMatchObject({
      have_plan: true,
      user_data: { data: { traffic: 1.5, bandwidth: isp.data } },
    });
    expect(d.PR_2.plan_data).toMatchObject({ planName: isp.name, data: isp.data });
    expect(Date.parse(d.PR_2.plan_data!.expiry_date!) - Date.now()).toBeGreaterThan(
      (isp.duration - 1) * 3_600_000,
    );
    expect(d.PR_2.usage_stats.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), gb: 1.5 });
    expect(d.PR_6.user_data).toEqual({ data: { availableTraffic: premium.data! - 0.25, usedTraffic: 0.25 } });
  });

  it('shows a residential plan (PR_3) bought by the GB, its extra GB (PR_1) and its usage, for /product/residential', async () => {
    const { token, userId } = await customer('residential');
    const day = plans.find((p) => p.type === 'PR_3' && p.name === 'Residential Day')!;
    const extra = plans.find((p) => p.type === 'PR_1')!;
    await buyWithSandbox(bed, token, { plan: day.id, gb: 100 }, '/v1/invoice/create-normal');
    await buyWithSandbox(
      bed,
      token,
      { plan: extra.id, amount: 10, plan_type: 'PR_3' },
      '/v1/invoice/buyAdditional',
    );
    const [plan] = await bed.t.database.db
      .select({ id: schema.customerPlans.id })
      .from(schema.customerPlans)
      .where(and(eq(schema.customerPlans.userId, userId), eq(schema.customerPlans.productType, 'PR_3')));
    await recordUsage(bed.t.database.db, {
      planId: plan!.id,
      userId,
      productType: 'PR_3',
      bucket: new Date(),
      bytesUp: GB,
      bytesDown: GB,
    });

    const d = await dashboard(token);
    expect(d.PR_3).toMatchObject({
      have_plan: true,
      isPendingPlan: false,
      plan_data: { id: plan!.id, planName: day.name, status: 'active', data: 110 },
      user_data: { data: { traffic: 2, bandwidth: 110 } },
    });
    expect(d.PR_3.usage_stats.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), gb: 2 });
    // The other per-GB pages stay empty: the plan is residential's alone.
    expect([d.PR_2.have_plan, d.PR_6.have_plan]).toEqual([false, false]);
  });

  it('shows datacenter plans waiting, then active with their addresses and whitelisted IPs; expired ones as such', async () => {
    const { token } = await customer('ipplans');
    const dc = plans.find((p) => p.type === 'PR_4')!;
    await buyAndPay(token, dc);
    let d = await dashboard(token);
    expect(d.PR_4).toMatchObject({ have_plan: true, isPendingPlan: true, proxies: [], ipAmount: 0 });
    expect(d.PR_4.plan_data[0]).toMatchObject({
      status: 'pending',
      invoice: { plan_name: dc.name, ipAmount: dc.ipAmount },
      expiry_date: null,
      activeIps: 0,
    });

    await bed.api.post('/v1/user/activate-dc-ipv6-plan', { ips: ['198.51.100.4'], type: 'PR_4' }, { token });
    d = await dashboard(token);
    expect(d.PR_4).toMatchObject({ isPendingPlan: false, ipAmount: dc.ipAmount });
    expect(d.PR_4.proxies).toHaveLength(dc.ipAmount!);
    expect(d.PR_4.plan_data[0]).toMatchObject({ status: 'active', activeIps: 1 });

    await bed.t.database.db
      .update(schema.customerPlans)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.customerPlans.id, d.PR_4.plan_data[0]!.id));
    d = await dashboard(token);
    expect(d.PR_4).toMatchObject({ have_plan: false, ipAmount: 0 });
    expect(d.PR_4.plan_data[0]?.status).toBe('expired');
  });

  it("does not show one customer's plans to another", async () => {
    const { token } = await customer('stranger');
    const d = await dashboard(token);
    expect([
      d.PR_2.have_plan,
      d.PR_3.have_plan,
      d.PR_4.have_plan,
      d.PR_5.have_plan,
      d.PR_6.have_plan,
    ]).toEqual([false, false, false, false, false]);
    expect(d.PR_4.plan_data).toEqual([]);
    expect([d.PR_2.plan_data, d.PR_3.plan_data]).toEqual([null, null]);
  });
});
