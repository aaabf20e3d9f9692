import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@proxydesk/contract';
import { schema, type User } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import {
  contractEndpoints,
  jsonSchemaOf,
  mintApiKey,
  mintSession,
  pathParams,
  seedAccount,
} from '../../../test-support/contract.js';
import { exampleOf } from '../../../test-support/fuzz.js';
import { pressPay } from '../../../test-support/sandbox.js';

/**
 * Customer B, with a session token and with an API key, cannot read or change anything of customer A's
 * (issue #15, "what held"): every contract endpoint that takes a reference (a path parameter, or a field
 * named `id`, `…_id`, `plan` or `subuser`) is called with each of A's ids, and must answer exactly as for an id that
 * does not exist; no list B reads mentions A; and A's rows are the same afterwards.
 */
const REFERENCE = /^(id|.+_id|plan|subuser)$/;

let t: TestApp;
let owner: User;
let other: User;
const ownerIds: Record<string, string> = {};
/** What only A's rows hold: none of it may reach B. */
const ownerMarks: string[] = [];
const callers: Record<'session token' | 'API key', Record<string, string>> = {
  'session token': {},
  'API key': {},
};

const as = (headers: Record<string, string>, method: Endpoint['method'], url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

/** Everything of A's in the database, to compare before and after B's attempts. */
const ownerRows = async () => {
  const db = t.database.db;
  return {
    user: await db.select().from(schema.users).where(eq(schema.users.id, owner.id)),
    billing: await db.select().from(schema.billingDetails).where(eq(schema.billingDetails.userId, owner.id)),
    invoices: await db.select().from(schema.invoices).where(eq(schema.invoices.userId, owner.id)),
    plans: await db.select().from(schema.customerPlans).where(eq(schema.customerPlans.userId, owner.id)),
    whitelist: await db
      .select({ row: schema.whitelistedIps })
      .from(schema.whitelistedIps)
      .innerJoin(schema.customerPlans, eq(schema.customerPlans.id, schema.whitelistedIps.customerPlanId))
      .where(eq(schema.customerPlans.userId, owner.id)),
    sessions: await db.select().from(schema.sessions).where(eq(schema.sessions.userId, owner.id)),
    apiKey: await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, owner.id)),
    subusers: await db.select().from(schema.subusers).where(eq(schema.subusers.userId, owner.id)),
  };
};

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const db = t.database.db;
  const tag = randomUUID().slice(0, 8);
  owner = await seedAccount(db, `owner_${tag}`, { role: 'reseller' });
  other = await seedAccount(db, `other_${tag}`, { role: 'reseller' });
  const ownerToken = { authorization: `Bearer ${await mintSession(db, owner)}` };
  await mintApiKey(db, owner);
  callers['session token'] = { authorization: `Bearer ${await mintSession(db, other)}` };
  callers['API key'] = { authorization: `Api-Key ${await mintApiKey(db, other)}` };

  // A: billing details, a datacenter plan paid and activated with a whitelisted IP, an unpaid invoice.
  const billing = (last_name: string) => ({
    first_name: 'F',
    last_name,
    address: 'A',
    city: 'B',
    zip: 'C',
    country: 'Spain',
  });
  expect((await as(ownerToken, 'POST', '/v1/billing/create', billing('Ownerly'))).statusCode).toBe(200);
  expect(
    (await as(callers['session token'], 'POST', '/v1/billing/create', billing('Otherly'))).statusCode,
  ).toBe(200);
  const plans = (await as({}, 'GET', '/v1/plan/read')).json().payload as { id: number; type: string }[];
  const datacenter = plans.find((plan) => plan.type === 'PR_4')!;
  const bought = await as(ownerToken, 'POST', '/v1/invoice/create', {
    payment_method: 'sandbox',
    plan: datacenter.id,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  ownerIds.paidInvoice = bought.json().payload.invoice_id;
  await pressPay(t.app, bought.json().payload.hosted_url as string);
  const [plan] = await db
    .select()
    .from(schema.customerPlans)
    .where(eq(schema.customerPlans.userId, owner.id));
  ownerIds.customerPlan = plan!.id;
  const activated = await as(ownerToken, 'POST', '/v1/user/activate-dc-ipv6-plan', {
    ips: ['198.51.100.77'],
    type: 'PR_4',
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const [entry] = await db
    .select()
    .from(schema.whitelistedIps)
    .where(eq(schema.whitelistedIps.customerPlanId, plan!.id));
  ownerIds.whitelistEntry = entry!.id;
  const unpaid = await as(ownerToken, 'POST', '/v1/invoice/create', {
    payment_method: 'sandbox',
    plan: datacenter.id,
  });
  ownerIds.unpaidInvoice = unpaid.json().payload.invoice_id;
  // A sub-user of A's (issue #31).
  const subuser = await as(ownerToken, 'POST', '/v1/subusers', { product: 'PR_2', name: 'Subbly' });
  expect(subuser.statusCode, subuser.body).toBe(200);
  ownerIds.subuser = subuser.json().payload.subuser.id;
  ownerMarks.push('Subbly', subuser.json().payload.subuser.username, subuser.json().payload.password);
  const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, owner.id));
  ownerIds.session = session!.id;
  ownerIds.user = owner.id;
  ownerMarks.push(...Object.values(ownerIds), owner.username, owner.email, '198.51.100.77', 'Ownerly');
});
afterAll(() => t?.close());

/** The endpoints a customer can call that take a reference, with the places it goes. */
const referencing = contractEndpoints()
  .filter((endpoint) => !['public', 'staff', 'operator'].includes(endpoint.access))
  .map((endpoint) => ({
    endpoint,
    params: pathParams(endpoint.path),
    query: Object.keys(jsonSchemaOf(endpoint.query)?.properties ?? {}).filter((key) => REFERENCE.test(key)),
    body: Object.keys(jsonSchemaOf(endpoint.body)?.properties ?? {}).filter((key) => REFERENCE.test(key)),
  }))
  .filter(({ params, query, body }) => params.length + query.length + body.length > 0);

/** A request to `endpoint` with the reference at `where` set to `value`, everything else right-shaped. */
const requestWith = (
  endpoint: Endpoint,
  where: { in: 'params' | 'query' | 'body'; name: string },
  value: string,
) => {
  const hints = { [where.name]: [value], ips: [['192.0.2.50']], ip: ['192.0.2.51'], type: ['PR_4'] };
  const params = (exampleOf(jsonSchemaOf(endpoint.params), hints) ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) =>
    encodeURIComponent(String(name === where.name ? value : params[name])),
  );
  const query =
    where.in === 'query'
      ? `?${new URLSearchParams({ [where.name]: value, ...(endpoint.path.includes('whitelisted') ? { type: 'PR_4' } : {}) })}`
      : '';
  const body = endpoint.body ? exampleOf(jsonSchemaOf(endpoint.body), hints) : undefined;
  return { method: endpoint.method, url: `${path}${query}`, body };
};

describe.each(Object.keys(callers) as (keyof typeof callers)[])('customer B with a %s', (caller) => {
  it.each(
    referencing.flatMap(({ endpoint, params, query, body }) =>
      [
        ...params.map((name) => ({ in: 'params' as const, name })),
        ...query.map((name) => ({ in: 'query' as const, name })),
        ...body.map((name) => ({ in: 'body' as const, name })),
      ].map(
        (where) =>
          [`${endpoint.method} ${endpoint.path} (${where.in}.${where.name})`, endpoint, where] as const,
      ),
    ),
  )('%s: A’s ids answer as ids that do not exist', async (_name, endpoint, where) => {
    const before = await ownerRows();
    for (const [kind, id] of Object.entries(ownerIds)) {
      const nobody = requestWith(endpoint, where, randomUUID());
      const missing = await as(callers[caller], nobody.method, nobody.url, nobody.body);
      const probe = requestWith(endpoint, where, id);
      const answer = await as(callers[caller], probe.method, probe.url, probe.body);
      const what = `${kind} ${probe.method} ${probe.url} ${JSON.stringify(probe.body)} → ${answer.statusCode} ${answer.body}`;
      expect(answer.statusCode, what).toBeLessThan(500);
      expect(answer.statusCode, what).toBe(missing.statusCode);
      expect(answer.json().detail, what).toBe(missing.json().detail);
      for (const mark of ownerMarks) expect(answer.body, what).not.toContain(mark);
      if (process.env.SHOW_PROBES) console.log(what);
    }
    expect(await ownerRows()).toEqual(before);
  });

  it('reads nothing of A’s in any list or page a customer can open', async () => {
    const reads = contractEndpoints().filter(
      (endpoint) => endpoint.method === 'GET' && !['public', 'staff', 'operator'].includes(endpoint.access),
    );
    expect(reads.length).toBeGreaterThan(5);
    for (const endpoint of reads) {
      if (pathParams(endpoint.path).length > 0) continue;
      const answer = await as(callers[caller], 'GET', endpoint.path);
      for (const mark of ownerMarks)
        expect(answer.body, `${endpoint.path} ${answer.body}`).not.toContain(mark);
    }
  });
});

describe('the owner, for comparison', () => {
  it('reads and changes those same objects: the references above were real', async () => {
    const headers = { authorization: `Bearer ${await mintSession(t.database.db, owner)}` };
    expect((await as(headers, 'GET', `/v1/invoice/read/${ownerIds.paidInvoice}`)).statusCode).toBe(200);
    const listed = await as(
      headers,
      'GET',
      `/v1/user/get-whitelisted-ip?type=PR_4&plan=${ownerIds.customerPlan}`,
    );
    expect(listed.body).toContain('198.51.100.77');
    expect(
      (
        await as(headers, 'POST', '/v1/user/change-plan-name', {
          id: ownerIds.customerPlan,
          planName: 'Mine',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await as(headers, 'DELETE', `/v1/user/delete-whitelist-ip/${ownerIds.whitelistEntry}`)).statusCode,
    ).toBe(200);
    expect((await as(headers, 'POST', `/v1/subusers/${ownerIds.subuser}/pause`)).statusCode).toBe(200);
  });
});
