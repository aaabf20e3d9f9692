import type { LineDomains, LineUsage } from '@proxydesk/contract';
import { insertEndpoint, pruneLineUsage, recordUsageBatch, schema, type User } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLineUsageService } from '../src/modules/subusers/line-usage.service.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintApiKey, mintSession } from '../../../test-support/contract.js';
import { seedCustomer, type SeededCustomer } from '../../../test-support/gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/** Usage per set of credentials (issue #31 item 4): the API on both databases, owners kept apart, retention. */
let t: TestApp;
let owner: SeededCustomer;
let other: SeededCustomer;
let ownerToken: string;
let ownerKey: string;
let otherToken: string;
let batches = 0;

const HOUR = 3_600_000;
const userOf = async (id: string): Promise<User> =>
  (await t.database.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;

type Answer<T> = { status: number; body: { detail?: string; payload: T } };
const get = async <T = LineUsage>(url: string, auth: string): Promise<Answer<T>> => {
  const reply = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: auth.startsWith('pdk_') ? `Api-Key ${auth}` : `Bearer ${auth}` },
  });
  return { status: reply.statusCode, body: reply.json() };
};

/** A gateway's batch: bytes (all down) of a sub-user (or the owner: null) of `who`'s plan at `at`. */
const meter = (who: SeededCustomer, subuserId: string | null, bytes: number, at = new Date(), hosts = {}) =>
  recordUsageBatch(
    t.database.db,
    `line-usage-test:${(batches += 1)}`,
    [
      {
        planId: who.planId,
        userId: who.userId,
        productType: 'PR_2',
        bucket: at,
        bytesUp: 0,
        bytesDown: bytes,
        subuserId,
      },
    ],
    Object.entries(hosts).map(([host, hostBytes]) => ({
      planId: who.planId,
      subuserId,
      day: at.toISOString().slice(0, 10),
      host,
      bytes: hostBytes as number,
      connections: 1,
    })),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const db = t.database.db;
  owner = await seedCustomer(db, { product: 'PR_2', dataGb: 10 });
  other = await seedCustomer(db, { product: 'PR_2', dataGb: 10 });
  await db.update(schema.users).set({ role: 'reseller' }).where(eq(schema.users.id, owner.userId));
  ownerToken = await mintSession(db, await userOf(owner.userId));
  ownerKey = await mintApiKey(db, await userOf(owner.userId));
  otherToken = await mintSession(db, await userOf(other.userId));
});
afterAll(() => t?.close());

describe('usage per sub-user and of the owner (issue #31 item 4)', () => {
  it('answers hours for 7 days and days for 90, with a session or the reseller’s API key', async () => {
    const sub = await seedSubuser(t.database.db, owner.userId, 'PR_2');
    const now = Date.now();
    await meter(owner, sub.id, 1_000, new Date(now));
    await meter(owner, sub.id, 2_000, new Date(now - 2 * HOUR));
    await meter(owner, sub.id, 4_000, new Date(now - 3 * 24 * HOUR));
    await meter(owner, sub.id, 8_000, new Date(now - 20 * 24 * HOUR));
    await meter(owner, null, 500, new Date(now));

    const hours = await get(`/v1/subusers/${sub.id}/usage?granularity=hour`, ownerKey);
    expect(hours.status).toBe(200);
    expect(hours.body.payload.buckets).toHaveLength(168);
    expect(hours.body.payload.total_bytes).toBe(7_000);
    const last = hours.body.payload.buckets.at(-1)!;
    expect(last).toEqual({ at: new Date(now - (now % HOUR)).toISOString(), bytes: 1_000 });
    expect(hours.body.payload.buckets.at(-3)!.bytes).toBe(2_000);

    const days = await get(`/v1/subusers/${sub.id}/usage?granularity=day`, ownerToken);
    expect(days.body.payload.buckets).toHaveLength(90);
    expect(days.body.payload.total_bytes).toBe(15_000);
    expect(days.body.payload.buckets.at(-1)!.at).toBe(
      `${new Date(now).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );

    const own = await get(`/v1/user/own-usage?plan_id=${owner.planId}&granularity=day`, ownerToken);
    expect(own.status).toBe(200);
    expect(own.body.payload.total_bytes).toBe(500);
  });

  it("hides another customer's sub-user and plan (404), and refuses bad input with 400", async () => {
    const sub = await seedSubuser(t.database.db, owner.userId, 'PR_2');
    for (const url of [`/v1/subusers/${sub.id}/usage`, `/v1/subusers/${sub.id}/domains`]) {
      const answer = await get(url, otherToken);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Sub-user not found');
    }
    for (const path of ['own-usage', 'own-domains']) {
      const answer = await get(`/v1/user/${path}?plan_id=${owner.planId}`, otherToken);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Plan not found');
    }
    expect((await get(`/v1/subusers/not-a-uuid/usage`, ownerToken)).status).toBe(404);
    expect((await get(`/v1/subusers/${sub.id}/usage?granularity=minute`, ownerToken)).status).toBe(400);
    const old = new Date(Date.now() - 40 * 24 * HOUR).toISOString().slice(0, 10);
    const tooOld = await get(`/v1/subusers/${sub.id}/domains?date=${old}`, ownerToken);
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.detail).toMatch(/kept 30 days/);
    expect((await get(`/v1/subusers/${sub.id}/domains?date=2026-02-31`, ownerToken)).status).toBe(400);
  });

  it('answers the top 20 hosts of a day by bytes; none and "off" when the operator keeps none', async () => {
    const sub = await seedSubuser(t.database.db, owner.userId, 'PR_2');
    const hosts = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`h${i}.example.com`, (i + 1) * 10]),
    );
    await meter(owner, sub.id, 100, new Date(), hosts);
    await meter(owner, sub.id, 100, new Date(), { 'h0.example.com': 1_000 });
    const answer = await get<LineDomains>(`/v1/subusers/${sub.id}/domains`, ownerKey);
    expect(answer.status).toBe(200);
    expect(answer.body.payload.enabled).toBe(true);
    expect(answer.body.payload.domains).toHaveLength(20);
    expect(answer.body.payload.domains[0]).toEqual({ host: 'h0.example.com', bytes: 1_010, connections: 2 });
    expect(answer.body.payload.domains[1]!.host).toBe('h24.example.com');
    expect(answer.body.payload.domains.map((d) => d.host)).not.toContain('h4.example.com');

    const off = createLineUsageService({ db: t.database.db, domainStats: false });
    const none = await off.domains(owner.userId, { subuserId: sub.id }, undefined);
    expect(none).toEqual({ enabled: false, date: new Date().toISOString().slice(0, 10), domains: [] });
  });

  it('deletes hours past 7 days, days past 90 and hosts past 30, and trims a finished day to its top 20', async () => {
    const db = t.database.db;
    const sub = await seedSubuser(db, owner.userId, 'PR_2');
    const day = 24 * HOUR;
    const hosts = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`old${i}.example`, i + 1]));
    await meter(owner, sub.id, 10, new Date(Date.now() - 8 * day));
    await meter(owner, sub.id, 10, new Date(Date.now() - 91 * day));
    await meter(owner, sub.id, 10, new Date(Date.now() - 2 * day), hosts);
    await meter(owner, sub.id, 10, new Date(Date.now() - 31 * day), { 'gone.example': 5 });
    await pruneLineUsage(db);
    const rows = await db.select().from(schema.lineUsage).where(eq(schema.lineUsage.subuserId, sub.id));
    const oldest = (granularity: string) =>
      Math.min(...rows.filter((r) => r.granularity === granularity).map((r) => r.bucket.getTime()));
    expect(oldest('hour')).toBeGreaterThan(Date.now() - 7 * day);
    expect(oldest('day')).toBeGreaterThan(Date.now() - 91 * day);
    expect(oldest('day')).toBeLessThan(Date.now() - 30 * day);
    const left = await db.select().from(schema.lineDomains).where(eq(schema.lineDomains.subuserId, sub.id));
    expect(left).toHaveLength(20);
    expect(left.map((d) => d.host)).not.toContain('old0.example');
    expect(left.map((d) => d.host)).not.toContain('gone.example');
  });
});

const alertsOf = async (userId: string) => {
  const db = t.database.db;
  const mails = await db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.userId, userId), eq(schema.mailOutbox.template, 'subuser-usage-alert')));
  const events = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.userId, userId));
  return {
    // The key, not the data: the outbox empties a mail's data once it is sent.
    mails: mails.map((m) => Number(m.onceKey!.split(':')[2])).sort((a, b) => a - b),
    events: events.map((e) => `${e.type}:${(e.data as { percent: number }).percent}`).sort(),
  };
};

describe("alerts at 80 % and 100 % of a sub-user's limit (issue #31 item 4)", () => {
  const subscribe = (userId: string) =>
    insertEndpoint(t.database.db, {
      userId,
      url: 'https://hooks.example.com/proxydesk',
      events: ['usage.threshold', 'subuser.limit_reached'],
      secret: 'whsec_test',
    });

  it('mail the owner and queue the webhook events once at 80 % and once at 100 %, in the batch', async () => {
    const who = await seedCustomer(t.database.db, { product: 'PR_2', dataGb: 10 });
    await subscribe(who.userId);
    const sub = await seedSubuser(t.database.db, who.userId, 'PR_2', {
      limitBytes: 1_000,
      limitPeriod: 'day',
    });
    await meter(who, sub.id, 700);
    expect(await alertsOf(who.userId)).toEqual({ mails: [], events: [] });
    await meter(who, sub.id, 150);
    expect(await alertsOf(who.userId)).toEqual({ mails: [80], events: ['usage.threshold:80'] });
    await meter(who, sub.id, 100);
    expect((await alertsOf(who.userId)).mails).toEqual([80]);
    await meter(who, sub.id, 100);
    await meter(who, sub.id, 100);
    expect(await alertsOf(who.userId)).toEqual({
      mails: [80, 100],
      events: ['subuser.limit_reached:100', 'usage.threshold:100', 'usage.threshold:80'],
    });
    const [event] = await t.database.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, 'subuser.limit_reached'));
    expect(event!.data).toMatchObject({ subuser: { id: sub.id, name: sub.name }, limit_bytes: 1_000 });
    const deliveries = await t.database.db.select().from(schema.webhookDeliveries);
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
  });

  it('send 100 % alone when one batch crosses both, and no mail when the owner turned usage alerts off', async () => {
    const db = t.database.db;
    const who = await seedCustomer(db, { product: 'PR_2', dataGb: 10 });
    await subscribe(who.userId);
    await db
      .insert(schema.notificationSettings)
      .values({ userId: who.userId, planReminders: true, usageAlerts: false });
    const sub = await seedSubuser(db, who.userId, 'PR_2', { limitBytes: 1_000, limitPeriod: 'lifetime' });
    await meter(who, sub.id, 5_000);
    expect(await alertsOf(who.userId)).toEqual({
      mails: [],
      events: ['subuser.limit_reached:100', 'usage.threshold:100'],
    });
  });

  it('fire once when 20 batches cross the thresholds at the same moment', async () => {
    const who = await seedCustomer(t.database.db, { product: 'PR_2', dataGb: 10 });
    const sub = await seedSubuser(t.database.db, who.userId, 'PR_2', {
      limitBytes: 1_000,
      limitPeriod: 'month',
    });
    await Promise.all(Array.from({ length: 20 }, () => meter(who, sub.id, 60)));
    expect((await alertsOf(who.userId)).mails).toEqual([80, 100]);
  });
});
