import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailedApp } from '../../../test-support/app.js';
import { buyWithSandbox, planBoughtBy, signUpCustomer } from '../../../test-support/shop-customers.js';

const bed = useMailedApp({ RATE_LIMIT_PER_MINUTE: '10000' });
let plans: Plan[];
beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

let counter = 0;
const customer = async () => {
  counter += 1;
  return (await signUpCustomer(bed, `proxy${counter}`, 'Germany')).token;
};
/** Buys and pays (sandbox) the first plan of a product: it then waits for activation. */
const buyPaid = async (token: string, type: 'PR_4' | 'PR_5', name?: string) => {
  const plan = plans.find((p) => p.type === type && (!name || p.name === name))!;
  return planBoughtBy(bed.t.database.db, await buyWithSandbox(bed, token, { plan: plan.id }));
};

describe('datacenter and IPv6 plans (SPEC.md §2 product pages, §4 activation, DESIGN.md §4 whitelist)', () => {
  it('activates with an IP: addresses assigned from the pool, the IP whitelisted, the time running', async () => {
    const token = await customer();
    expect(
      (
        await bed.api.post(
          '/v1/user/activate-dc-ipv6-plan',
          { ips: ['203.0.113.5'], type: 'PR_4' },
          { token },
        )
      ).body,
    ).toEqual({
      detail: 'You have no Datacenter plan waiting for activation',
    });
    const plan = await buyPaid(token, 'PR_4');
    expect(plan.status).toBe('pending');
    for (const bad of ['999.1.1.1', '::g', '', 'x'.repeat(10_000), '10.0.0.1/24', '0.0.0.0', '::']) {
      const answer = await bed.api.post(
        '/v1/user/activate-dc-ipv6-plan',
        { ips: [bad], type: 'PR_4' },
        { token },
      );
      expect(answer.status, bad).toBe(400);
      expect(answer.body.detail).toMatch(/^body\.ips/);
    }
    // A form that sends no plan choice as "" means the oldest pending one (issue #19 item 10).
    const activated = await bed.api.post(
      '/v1/user/activate-dc-ipv6-plan',
      { ips: ['203.0.113.5'], type: 'PR_4', plan: '' },
      { token },
    );
    expect(activated).toEqual({
      status: 200,
      body: { detail: 'Plan activated: 203.0.113.5 is whitelisted' },
    });

    const [row] = await bed.t.database.db
      .select()
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.id, plan.id));
    expect(row).toMatchObject({ status: 'active' });
    expect(row!.expiresAt!.getTime() - row!.activatedAt!.getTime()).toBe(plan.durationHours * 3_600_000);
    const pool = (await bed.api.get('/v1/pool/read', { token })).body.payload;
    expect(pool[0].type).toBe('PR_4');
    expect(pool[0].proxies).toHaveLength(plan.ipAmount!);
    for (const line of pool[0].proxies as string[]) expect(line).toMatch(/^192\.0\.2\.\d+:31200$/);
    // Handed out and listed in numeric order (…9, …10, …11), not as text (…1, …10, …100).
    const lastOctets = (pool[0].proxies as string[]).map((line) => Number(line.split(':')[0]!.split('.')[3]));
    expect(lastOctets).toEqual(lastOctets.map((_, i) => lastOctets[0]! + i));
    expect(pool[1]).toEqual({ type: 'PR_5', proxies: [] });
    for (const query of ['type=PR_4', 'type=PR_4&plan=']) {
      const whitelisted = (await bed.api.get(`/v1/user/get-whitelisted-ip?${query}`, { token })).body
        .payload as {
        ip: string;
      }[];
      expect(
        whitelisted.map((w) => w.ip),
        query,
      ).toEqual(['203.0.113.5']);
    }
  });

  it('whitelists IPv4 and IPv6 within the allowance, refuses duplicates, deletes and reloads', async () => {
    const token = await customer();
    const plan = await buyPaid(token, 'PR_4');
    expect(
      (await bed.api.post('/v1/user/whitelist-ip-dc', { ip: '198.51.100.1', plan: plan.id }, { token })).body,
    ).toEqual({ detail: 'Activate this plan first' });
    await bed.api.post(
      '/v1/user/activate-dc-ipv6-plan',
      { ips: '198.51.100.1', type: 'PR_4', plan: plan.id },
      { token },
    );

    expect(
      await bed.api.post('/v1/user/whitelist-ip-dc', { ip: '2001:db8::7', plan: plan.id }, { token }),
    ).toEqual({
      status: 200,
      body: { detail: '2001:db8::7 whitelisted' },
    });
    expect(
      await bed.api.post('/v1/user/whitelist-ip-dc', { ip: '198.51.100.1', plan: plan.id }, { token }),
    ).toEqual({
      status: 409,
      body: { detail: '198.51.100.1 is already whitelisted on this plan' },
    });
    for (let i = 2; i < plan.ipAmount!; i += 1) {
      expect(
        (await bed.api.post('/v1/user/whitelist-ip-dc', { ip: `198.51.100.${i}`, plan: plan.id }, { token }))
          .status,
      ).toBe(200);
    }
    expect(
      (await bed.api.post('/v1/user/whitelist-ip-dc', { ip: '198.51.100.200', plan: plan.id }, { token }))
        .body,
    ).toEqual({
      detail: `This plan allows ${plan.ipAmount} whitelisted IPs: remove one first`,
    });

    const listed = (await bed.api.get(`/v1/user/get-whitelisted-ip?type=PR_4&plan=${plan.id}`, { token }))
      .body.payload as { id: string; ip: string }[];
    expect(listed).toHaveLength(plan.ipAmount!);
    expect((await bed.api.delete(`/v1/user/delete-whitelist-ip/${listed[1]!.id}`, { token })).body).toEqual({
      detail: 'Removed from the whitelist',
    });
    const after = (await bed.api.get(`/v1/user/get-whitelisted-ip?type=PR_4&plan=${plan.id}`, { token })).body
      .payload as { ip: string }[];
    expect(after.map((w) => w.ip)).not.toContain('2001:db8::7');
    expect((await bed.api.get('/v1/user/get-whitelisted-ip?type=PR_9', { token })).status).toBe(400);
  });

  it("another customer cannot see, whitelist on, rename or delete from someone's plan: 404", async () => {
    const owner = await customer();
    const other = await customer();
    const plan = await buyPaid(owner, 'PR_4');
    await bed.api.post(
      '/v1/user/activate-dc-ipv6-plan',
      { ips: ['192.0.2.1'], type: 'PR_4' },
      { token: owner },
    );
    const [entry] = (await bed.api.get('/v1/user/get-whitelisted-ip?type=PR_4', { token: owner })).body
      .payload as { id: string }[];

    expect(
      await bed.api.post('/v1/user/whitelist-ip-dc', { ip: '192.0.2.9', plan: plan.id }, { token: other }),
    ).toEqual({ status: 404, body: { detail: 'Plan not found' } });
    expect(
      await bed.api.post(
        '/v1/user/change-plan-name',
        { id: plan.id, planName: 'Mine now' },
        { token: other },
      ),
    ).toEqual({ status: 404, body: { detail: 'Plan not found' } });
    expect((await bed.api.delete(`/v1/user/delete-whitelist-ip/${entry!.id}`, { token: other })).status).toBe(
      404,
    );
    expect(
      (await bed.api.get(`/v1/user/get-whitelisted-ip?type=PR_4&plan=${plan.id}`, { token: other })).body
        .payload,
    ).toEqual([]);
    expect(
      (
        await bed.api.post(
          '/v1/user/activate-dc-ipv6-plan',
          { ips: ['192.0.2.9'], type: 'PR_4', plan: plan.id },
          { token: other },
        )
      ).body,
    ).toEqual({ detail: 'Plan not found' });
    expect((await bed.api.get('/v1/pool/read', { token: other })).body.payload[0].proxies).toEqual([]);

    expect(
      (
        await bed.api.post(
          '/v1/user/change-plan-name',
          { id: plan.id, planName: '  Office  ' },
          { token: owner },
        )
      ).body,
    ).toEqual({ detail: 'Plan name saved' });
    const [renamed] = await bed.t.database.db
      .select()
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.id, plan.id));
    expect(renamed!.planName).toBe('Office');
    expect(
      (await bed.api.post('/v1/user/change-plan-name', { id: plan.id, planName: ' ' }, { token: owner }))
        .status,
    ).toBe(400);
  });

  it('concurrent activations never share an address, and an exhausted pool is a 409 that leaves the plan pending', async () => {
    const tokens = await Promise.all([customer(), customer(), customer()]);
    const pending = await Promise.all(tokens.map((token) => buyPaid(token, 'PR_5', 'IPv6 50 IPs')));
    // Leave 120 free IPv6 addresses: room for two plans of 50, not three.
    const taken = bed.t.database.db
      .select({ id: schema.poolAssignments.poolId })
      .from(schema.poolAssignments);
    const keep = (
      await bed.t.database.db
        .select({ id: schema.proxyPool.id })
        .from(schema.proxyPool)
        .where(and(eq(schema.proxyPool.productType, 'PR_5'), notInArray(schema.proxyPool.id, taken)))
        .orderBy(schema.proxyPool.address)
        .limit(120)
    ).map((r) => r.id);
    await bed.t.database.db
      .delete(schema.proxyPool)
      .where(and(eq(schema.proxyPool.productType, 'PR_5'), notInArray(schema.proxyPool.id, keep)));

    const answers = await Promise.all(
      tokens.map((token, i) =>
        bed.api.post(
          '/v1/user/activate-dc-ipv6-plan',
          { ips: [`192.0.2.${i + 10}`], type: 'PR_5' },
          { token },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.detail).toMatch(/^No free IPv6 addresses right now/);

    const assignments = await bed.t.database.db
      .select({ poolId: schema.poolAssignments.poolId, planId: schema.poolAssignments.customerPlanId })
      .from(schema.poolAssignments)
      .innerJoin(schema.customerPlans, eq(schema.customerPlans.id, schema.poolAssignments.customerPlanId))
      .where(eq(schema.customerPlans.productType, 'PR_5'));
    expect(assignments).toHaveLength(100);
    expect(new Set(assignments.map((a) => a.poolId)).size).toBe(100);
    const statuses = await bed.t.database.db
      .select({ status: schema.customerPlans.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.productType, 'PR_5'))
      .groupBy(schema.customerPlans.status);
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual({ active: 2, pending: 1 });
    expect(pending).toHaveLength(3);
  });
});

describe('activating the plan on screen (issue #33 item 3: the optional `plan`)', () => {
  const activate = (token: string, plan: string | undefined, type: 'PR_4' | 'PR_5' = 'PR_4') =>
    bed.api.post('/v1/user/activate-dc-ipv6-plan', { ips: ['198.51.100.77'], type, plan }, { token });
  const statusOf = async (id: string) =>
    (
      await bed.t.database.db
        .select({ status: schema.customerPlans.status })
        .from(schema.customerPlans)
        .where(eq(schema.customerPlans.id, id))
    )[0]!.status;

  it('activates exactly the named plan, not the oldest pending one; without `plan` the oldest', async () => {
    const token = await customer();
    const older = await buyPaid(token, 'PR_4');
    const newer = await buyPaid(token, 'PR_4');
    const third = await buyPaid(token, 'PR_4');
    expect(await activate(token, newer.id)).toEqual({
      status: 200,
      body: { detail: 'Plan activated: 198.51.100.77 is whitelisted' },
    });
    expect([await statusOf(older.id), await statusOf(newer.id), await statusOf(third.id)]).toEqual([
      'pending',
      'active',
      'pending',
    ]);
    expect((await activate(token, undefined)).status).toBe(200);
    expect([await statusOf(older.id), await statusOf(third.id)]).toEqual(['active', 'pending']);
  });

  it("refuses clearly: another customer's plan 404, an active one 409, another product's 400, a bad id 404", async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await buyPaid(owner, 'PR_4');
    const theirs = await buyPaid(other, 'PR_4');
    expect(await activate(owner, theirs.id)).toEqual({ status: 404, body: { detail: 'Plan not found' } });
    expect(await statusOf(theirs.id)).toBe('pending');
    expect(await activate(owner, 'not-a-uuid')).toEqual({ status: 404, body: { detail: 'Plan not found' } });
    expect(await activate(owner, mine.id, 'PR_5')).toEqual({
      status: 400,
      body: { detail: 'This is not one of your IPv6 plans' },
    });
    expect((await activate(owner, mine.id)).status).toBe(200);
    expect(await activate(owner, mine.id)).toEqual({
      status: 409,
      body: { detail: 'This plan is already active' },
    });
    expect(await statusOf(theirs.id)).toBe('pending');
  });

  it('20 activations of the same plan at once: exactly one succeeds, the rest 409, one set of addresses', async () => {
    const token = await customer();
    const plan = await buyPaid(token, 'PR_4');
    const spare = await buyPaid(token, 'PR_4');
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(token, plan.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toEqual({ status: 409, body: { detail: 'This plan is already active' } });
    const assigned = await bed.t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.poolAssignments)
      .where(eq(schema.poolAssignments.customerPlanId, plan.id));
    expect(assigned[0]!.n).toBe(plan.ipAmount);
    expect(await statusOf(spare.id)).toBe('pending');
  });
});
