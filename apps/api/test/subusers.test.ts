import { randomBytes } from 'node:crypto';
import type { Subuser, SubuserList } from '@proxydesk/contract';
import { listenForAccessChanges, schema, type User } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintApiKey, mintSession, seedAccount } from '../../../test-support/contract.js';
import { seedPaidInvoice } from '../../../test-support/seed.js';

/** Sub-users (issue #31 items 1 and 6): the API on both databases, the cap, validation, and owners kept apart. */
let t: TestApp;
let owner: User;
let other: User;
let ownerToken: string;
let ownerKey: string;
let otherToken: string;

const MAX = 1000;

/** A running plan of `product` for `user`, written straight to the database. */
const givePlan = async (user: User, product: string) => {
  const db = t.database.db;
  const invoice = await seedPaidInvoice(db, user.id, product, 'Test plan');
  await db.insert(schema.customerPlans).values({
    userId: user.id,
    invoiceId: invoice.id,
    productType: product,
    planName: 'Test plan',
    status: 'active',
    dataGb: 10,
    durationHours: 720,
    activatedAt: new Date(),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
};

/** Every field any of these answers' payloads has: each test reads the ones its answer carries. */
type Payload = SubuserList & Subuser & { subuser: Subuser; password: string; proxies: string[] };
type Answer = { status: number; body: { detail?: string; payload: Payload } };
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: string,
  payload?: unknown,
): Promise<Answer> => {
  const reply = await t.app.inject({
    method,
    url,
    headers: { authorization: auth.startsWith('pdk_') ? `Api-Key ${auth}` : `Bearer ${auth}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: reply.statusCode, body: reply.json() };
};
const create = (auth: string, product: string, name: string) =>
  call('POST', '/v1/subusers', auth, { product, name });

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const tag = randomBytes(3).toString('hex');
  owner = await seedAccount(t.database.db, `sub_owner_${tag}`, { role: 'reseller' });
  other = await seedAccount(t.database.db, `sub_other_${tag}`);
  ownerToken = await mintSession(t.database.db, owner);
  ownerKey = await mintApiKey(t.database.db, owner);
  otherToken = await mintSession(t.database.db, other);
  await givePlan(owner, 'PR_3');
  await givePlan(owner, 'PR_2');
});
afterAll(() => t?.close());

describe('sub-users over the API (issue #31)', () => {
  it('are made with a username and password of the shop, listed per product, with a session or an API key', async () => {
    const made = await create(ownerToken, 'PR_3', '  Team A  ');
    expect(made.status, made.body.detail).toBe(200);
    const { subuser, password } = made.body.payload;
    expect(password).toMatch(/^[a-z0-9]{20}$/);
    expect(subuser).toMatchObject({
      product: 'PR_3',
      name: 'Team A',
      status: 'active',
      limit: null,
      used_bytes: 0,
      limit_used_bytes: 0,
      allowed_countries: [],
    });
    expect(subuser.username).toMatch(/^s[a-z0-9]{11}-residential$/);
    const [row] = await t.database.db
      .select()
      .from(schema.subusers)
      .where(eq(schema.subusers.id, subuser.id));
    expect(row).toMatchObject({ userId: owner.id, proxyPassword: password });

    const byKey = await create(ownerKey, 'PR_2', 'Scraper');
    expect(byKey.status).toBe(200);
    expect(byKey.body.payload.subuser.username).toMatch(/^s[a-z0-9]{11}-isp$/);

    const residential = await call('GET', '/v1/subusers?product=PR_3', ownerKey);
    expect(residential.body.payload).toMatchObject({ total: 2, max: MAX });
    expect(residential.body.payload.subusers.map((s) => s.name)).toEqual(['Team A']);
    // The list never shows a password.
    expect(JSON.stringify(residential.body)).not.toContain(password);
    const premium = await call('GET', '/v1/subusers?product=PR_6', ownerToken);
    expect(premium.body.payload.subusers).toEqual([]);
  });

  it('refuses bad input with a {detail} 4xx', async () => {
    const cases: [string, unknown][] = [
      ['/v1/subusers', { product: 'PR_3', name: '   ' }],
      ['/v1/subusers', { product: 'PR_4', name: 'Datacenter' }],
      ['/v1/subusers', { product: 'PR_3', name: 'x'.repeat(61) }],
      ['/v1/subusers', { product: 'PR_3' }],
    ];
    for (const [url, body] of cases) {
      const answer = await call('POST', url, ownerToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect(await create(ownerToken, 'PR_3', 'team a')).toEqual({
      status: 409,
      body: { detail: 'You already have a Residential sub-user named "team a"' },
    });
    const id = (await create(ownerToken, 'PR_3', 'Validation')).body.payload.subuser.id;
    for (const body of [
      { gb: 0, period: 'day' },
      { gb: -1, period: 'day' },
      { gb: 100_001, period: 'lifetime' },
      { gb: 5, period: 'week' },
      { gb: '5', period: 'day' },
    ]) {
      const answer = await call('PUT', `/v1/subusers/${id}/limit`, ownerToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect(
      await call('PUT', `/v1/subusers/${id}/countries`, ownerToken, { countries: ['us', 'zz'] }),
    ).toEqual({
      status: 400,
      body: { detail: 'Unknown country "zz"' },
    });
    expect((await call('GET', '/v1/subusers?product=PR_9', ownerToken)).status).toBe(400);
    expect((await call('POST', '/v1/subusers/not-a-uuid/pause', ownerToken)).status).toBe(404);
  });

  it('pauses, resumes, takes a new password, a limit and countries, and is deleted; each change announced', async () => {
    const made = (await create(ownerToken, 'PR_3', 'Lifecycle')).body.payload;
    const id = made.subuser.id;
    let announced = 0;
    const stop = await listenForAccessChanges(t.database, () => (announced += 1));
    try {
      const paused = await call('POST', `/v1/subusers/${id}/pause`, ownerToken);
      expect(paused.body.payload.status).toBe('paused');
      await expect.poll(() => announced).toBeGreaterThan(0);
      expect((await call('POST', `/v1/subusers/${id}/resume`, ownerToken)).body.payload.status).toBe(
        'active',
      );
      const renewed = await call('POST', `/v1/subusers/${id}/password`, ownerKey);
      expect(renewed.body.payload.password).toMatch(/^[a-z0-9]{20}$/);
      expect(renewed.body.payload.password).not.toBe(made.password);
      const limited = await call('PUT', `/v1/subusers/${id}/limit`, ownerToken, { gb: 1.5, period: 'month' });
      expect(limited.body.payload.limit).toEqual({ gb: 1.5, period: 'month' });
      const [row] = await t.database.db.select().from(schema.subusers).where(eq(schema.subusers.id, id));
      expect(row).toMatchObject({
        limitBytes: 1.5 * 1024 ** 3,
        limitPeriod: 'month',
        proxyPassword: renewed.body.payload.password,
      });
      expect((await call('DELETE', `/v1/subusers/${id}/limit`, ownerToken)).body.payload.limit).toBeNull();
      const countries = await call('PUT', `/v1/subusers/${id}/countries`, ownerToken, {
        countries: ['US', 'dz', 'us'],
      });
      expect(countries.body.payload.allowed_countries).toEqual(['dz', 'us']);
      const before = announced;
      expect(await call('DELETE', `/v1/subusers/${id}`, ownerToken)).toEqual({
        status: 200,
        body: { detail: 'Sub-user deleted' },
      });
      await expect.poll(() => announced).toBeGreaterThan(before);
      expect((await call('POST', `/v1/subusers/${id}/pause`, ownerToken)).status).toBe(404);
    } finally {
      await stop();
    }
  });

  it("are invisible and untouchable to another customer: 404, and no lines from another's sub-user", async () => {
    const mine = (await create(ownerToken, 'PR_3', 'Private')).body.payload.subuser;
    const id = mine.id;
    const list = await call('GET', '/v1/subusers?product=PR_3', otherToken);
    expect(list.body.payload).toMatchObject({ subusers: [], total: 0 });
    const attempts: [Parameters<typeof call>[0], string, unknown?][] = [
      ['POST', `/v1/subusers/${id}/pause`],
      ['POST', `/v1/subusers/${id}/resume`],
      ['POST', `/v1/subusers/${id}/password`],
      ['PUT', `/v1/subusers/${id}/limit`, { gb: 1, period: 'day' }],
      ['DELETE', `/v1/subusers/${id}/limit`],
      ['PUT', `/v1/subusers/${id}/countries`, { countries: ['us'] }],
      ['DELETE', `/v1/subusers/${id}`],
    ];
    for (const [method, url, body] of attempts)
      expect(await call(method, url, otherToken, body), `${method} ${url}`).toEqual({
        status: 404,
        body: { detail: 'Sub-user not found' },
      });
    await givePlan(other, 'PR_3');
    expect(
      await call('POST', '/v1/user/generate-proxy', otherToken, { proxy_type: 'normal', subuser: id }),
    ).toEqual({ status: 404, body: { detail: 'Sub-user not found' } });
    const [row] = await t.database.db.select().from(schema.subusers).where(eq(schema.subusers.id, id));
    expect(row).toMatchObject({ paused: false, limitBytes: null, allowedCountries: [] });
  });

  it("generates lines with the sub-user's credentials, in its countries only", async () => {
    const made = (await create(ownerToken, 'PR_2', 'Lines')).body.payload;
    const id = made.subuser.id;
    const lines = await call('POST', '/v1/user/generate-proxy', ownerToken, {
      proxy_type: 'premium',
      product: 'PR_2',
      type: 'rotating',
      amount: 2,
      country: 'us',
      subuser: id,
    });
    expect(lines.status, lines.body.detail).toBe(200);
    expect(lines.body.payload).toMatchObject({ username: made.subuser.username, password: made.password });
    for (const line of lines.body.payload.proxies)
      expect(line).toMatch(new RegExp(`:${made.subuser.username}:${made.password}_country-us$`));
    // A sub-user of another product is not one of this product's.
    expect(
      (await call('POST', '/v1/user/generate-proxy', ownerToken, { proxy_type: 'normal', subuser: id }))
        .status,
    ).toBe(404);
    await call('PUT', `/v1/subusers/${id}/countries`, ownerToken, { countries: ['dz'] });
    expect(
      await call('POST', '/v1/user/generate-proxy', ownerToken, {
        proxy_type: 'premium',
        product: 'PR_2',
        type: 'rotating',
        amount: 1,
        country: 'us',
        subuser: id,
      }),
    ).toEqual({ status: 400, body: { detail: 'Lines may use only dz: choose one of these countries' } });
  });

  it(`stops at ${MAX} sub-users per customer, even with 20 created at once`, async () => {
    const capped = await seedAccount(t.database.db, `sub_cap_${randomBytes(3).toString('hex')}`);
    const token = await mintSession(t.database.db, capped);
    await t.database.db.insert(schema.subusers).values(
      Array.from({ length: MAX - 5 }, (_, i) => ({
        userId: capped.id,
        productType: 'PR_6',
        name: `bulk ${i}`,
        proxyUsername: `s${randomBytes(8).toString('hex').slice(0, 11)}`,
        proxyPassword: 'x'.repeat(20),
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(token, i % 2 ? 'PR_3' : 'PR_2', `race ${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({
      detail: `You have ${MAX} sub-users, the most allowed: delete one to make another`,
    });
    const list = await call('GET', '/v1/subusers?product=PR_6', token);
    expect(list.body.payload.total).toBe(MAX);
  });
});
