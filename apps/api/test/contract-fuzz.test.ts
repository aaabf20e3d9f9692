import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@proxydesk/contract';
import { schema, type User } from '@proxydesk/db';
import fc from 'fast-check';
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
import { asText, hostileValue, requestValue } from '../../../test-support/fuzz.js';
import { seedIpPlan } from '../../../test-support/seed.js';

/**
 * Every route of the contract, with hostile and nearly-right bodies, queries and paths, as nobody, a customer
 * (session token and API key), the console's operator and a made-up credential: never a 5xx, and every 4xx a
 * JSON `{detail}` (issue #15, "Also"). Bounded: RUNS requests per route (`FUZZ_RUNS=200` to search longer).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const endpoints = contractEndpoints();
let t: TestApp;
let reseller: User;
let operator: User;
const knownIds: string[] = [];
/** Values that exist, by property name, so that requests get past "no such plan" into deeper code. */
const hints: Record<string, unknown[]> = {
  country: ['Spain', 'Poland'],
  ip: ['203.0.113.5', '2001:db8::5'],
  ips: ['203.0.113.6', ['203.0.113.7', '2001:db8::7']],
  payment_method: ['sandbox', 'balance'],
  template: ['{host}:{port}:{user}:{pass}', '{protocol}://{ip}:{port}', '{login}'],
};

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const tag = randomUUID().slice(0, 8);
  reseller = await seedAccount(t.database.db, `fuzz_r_${tag}`, { role: 'reseller' });
  operator = await seedAccount(t.database.db, `fuzz_o_${tag}`, { role: 'operator', is2fa: true });
  knownIds.push(reseller.id, operator.id, randomUUID());
  // Billing details, so that buying gets past its first check.
  const billed = await t.app.inject({
    method: 'POST',
    url: '/v1/billing/create',
    headers: { authorization: `Bearer ${await mintSession(t.database.db, reseller)}` },
    payload: { first_name: 'F', last_name: 'Z', address: 'A', city: 'B', zip: 'C', country: 'Spain' },
  });
  expect(billed.statusCode).toBe(200);
  const plans = (await t.app.inject({ method: 'GET', url: '/v1/plan/read' })).json().payload as {
    id: number;
  }[];
  hints.plan = plans.map((plan) => plan.id);
  const bought = await t.app.inject({
    method: 'POST',
    url: '/v1/invoice/create',
    headers: { authorization: `Bearer ${await mintSession(t.database.db, reseller)}` },
    payload: { payment_method: 'sandbox', plan: hints.plan[0] },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const invoices = await t.database.db.select({ id: schema.invoices.id }).from(schema.invoices);
  knownIds.push(...invoices.map((invoice) => invoice.id));
  // A sub-user of the reseller's, so that its routes get past "not found" (issue #31).
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/subusers',
    headers: { authorization: `Bearer ${await mintSession(t.database.db, reseller)}` },
    payload: { product: 'PR_2', name: 'Fuzzed' },
  });
  expect(made.statusCode, made.body).toBe(200);
  knownIds.push(made.json<{ payload: { subuser: { id: string } } }>().payload.subuser.id);
  // A running datacenter plan of the reseller's, so that replacement gets past "not found" (issue #32 item 4).
  const ipPlan = await seedIpPlan(t.database.db, reseller.id, { product: 'PR_4', addresses: 10 });
  knownIds.push(ipPlan.id);
  hints.addresses = [['192.0.2.1:31200'], ['192.0.2.2'], ['192.0.2.250:31200', '192.0.2.3:31200']];
  hints.id = knownIds;
});
afterAll(() => t?.close());

type Caller = 'nobody' | 'session' | 'apiKey' | 'operator' | 'madeUp';

const authorization = async (caller: Caller): Promise<Record<string, string>> => {
  const db = t.database.db;
  switch (caller) {
    case 'nobody':
      return {};
    case 'session':
      return { authorization: `Bearer ${await mintSession(db, reseller)}` };
    case 'apiKey':
      return { authorization: `Api-Key ${await mintApiKey(db, reseller)}` };
    case 'operator':
      return { authorization: `Bearer ${await mintSession(db, operator, { secondFactor: true })}` };
    case 'madeUp':
      return { authorization: 'Bearer not-a-session' };
  }
};

/** What travels in the body: JSON shaped after the schema, or something that is not JSON at all. */
const bodyOf = (endpoint: Endpoint) => {
  const shaped = requestValue(jsonSchemaOf(endpoint.body), hints);
  const raw = fc.record({
    raw: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"a":1}{'),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
  });
  return fc.oneof(
    { weight: endpoint.body ? 6 : 1, arbitrary: shaped.map((json) => ({ json })) },
    { weight: 1, arbitrary: raw },
    { weight: endpoint.body ? 0 : 3, arbitrary: fc.constant(undefined) },
  );
};

const queryOf = (endpoint: Endpoint) =>
  fc.oneof(
    { weight: endpoint.query ? 5 : 1, arbitrary: requestValue(jsonSchemaOf(endpoint.query), hints) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }) },
    { weight: endpoint.query ? 0 : 3, arbitrary: fc.constant(undefined) },
  );

/** A lone surrogate cannot be percent-encoded: it travels as U+FFFD, as a browser would send it. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

const queryString = (query: unknown): string => {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    return `?${encodeURIComponent(wellFormed(asText(query)))}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
  }
  return `?${search.toString()}`;
};

const paramsOf = (endpoint: Endpoint) => {
  const properties = (jsonSchemaOf(endpoint.params)?.properties ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  return fc.record(
    Object.fromEntries(
      pathParams(endpoint.path).map((name) => [
        name,
        fc.oneof(
          requestValue(properties[name]).map(asText),
          fc.constantFrom(...knownIds),
          fc.uuid(),
          fc.constantFrom('..', '%2e%2e', '%00', '%', '%zz', '-1', '1.5', '99999999999999999999', ' '),
        ),
      ]),
    ),
  );
};

describe.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
  'fuzzing %s',
  (_name, endpoint) => {
    it(
      'never answers 5xx, and every 4xx is a JSON {detail}',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<Caller>('nobody', 'session', 'apiKey', 'operator', 'madeUp'),
            paramsOf(endpoint),
            queryOf(endpoint),
            bodyOf(endpoint),
            fc.ipV4(),
            async (caller, params, query, body, ip) => {
              // Parameters that are not URL-safe travel as they are now and then (a client that forgot to encode).
              const path = endpoint.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) =>
                /^%/.test(params[name] ?? '')
                  ? params[name]!
                  : encodeURIComponent(wellFormed(params[name] ?? '')),
              );
              const headers: Record<string, string> = { ...(await authorization(caller)) };
              let payload: string | undefined;
              if (body && 'json' in body) {
                if (body.json !== undefined) {
                  payload = JSON.stringify(body.json);
                  headers['content-type'] = 'application/json';
                }
              } else if (body) {
                payload = body.raw;
                headers['content-type'] = body.contentType;
              }
              const res = await t.app.inject({
                method: endpoint.method,
                url: `${path}${queryString(query)}`,
                headers,
                remoteAddress: ip,
                ...(payload === undefined ? {} : { payload }),
              });
              const what = `${endpoint.method} ${path}${queryString(query)} as ${caller} → ${res.statusCode} ${res.body.slice(0, 300)}`;
              expect(res.statusCode, what).toBeLessThan(500);
              if (res.statusCode >= 400) {
                expect(res.headers['content-type'], what).toMatch(/^application\/json/);
                expect(typeof res.json().detail, what).toBe('string');
              }
            },
          ),
          { numRuns: RUNS },
        );
        // Sign-in and sign-up hash a password on most runs: a longer search needs longer.
      },
      Math.max(20_000, RUNS * 500),
    );
  },
);

/** What longer runs (`FUZZ_RUNS=300`) found, replayed on every run. */
describe('counterexamples found by the fuzz', () => {
  it('a fixed coupon worth less than a cent is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/coupons',
      headers: await authorization('operator'),
      payload: {
        code: 'TINY',
        kind: 'fixed',
        value: 1.0675244488028062e-156,
        valid_from: null,
        valid_until: null,
        max_uses: 15,
        once_per_customer: true,
        products: null,
        active: true,
        reason: 'fuzz',
      },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { detail: 'A euro amount off is at least 0.01' }]);
  });
});
