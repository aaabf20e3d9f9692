import { ADMIN_MESSAGES, allAdminEndpoints, buildPath } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { signInAsStaff } from '../../../test-support/staff.js';
import { useMailedApp } from '../../../test-support/app.js';

const bed = useMailedApp();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let apiKey = '';

const setUser = async (name: string, values: Partial<typeof schema.users.$inferInsert>) =>
  bed.t.database.db.update(schema.users).set(values).where(eq(schema.users.id, ids[name]!));

beforeAll(async () => {
  // The console opens only to a sign-in with the mailed code (issue #28).
  tokens.opal = await signInAsStaff(bed.api, bed.smtp, bed.t.database.db, {
    username: 'opal',
    role: 'operator',
  });
  tokens.sam = await signInAsStaff(bed.api, bed.smtp, bed.t.database.db, {
    username: 'sam',
    role: 'support',
  });
  for (const name of ['carl', 'rita', 'otto'])
    tokens[name] = await signUp(bed.api, bed.smtp, { username: name, email: `${name}@example.com` });
  for (const user of await bed.t.database.db.select().from(schema.users)) ids[user.username] = user.id;
  await setUser('otto', { role: 'operator' });
  await setUser('rita', { role: 'reseller' });
  apiKey = (await bed.api.post('/v1/user/generate-api-key', undefined, { token: tokens.rita })).body.payload
    .apiKey;
  // carl has a datacenter plan with a whitelisted IP, to be found by it.
  const db = bed.t.database.db;
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      userId: ids.carl!,
      kind: 'plan',
      planName: 'Datacenter 10 IPs',
      listPriceCents: 4900,
      priceCents: 4900,
      proxyType: 'PR_4',
      paymentMethod: 'sandbox',
      paid: true,
      paidAt: new Date(),
    })
    .returning();
  const [plan] = await db
    .insert(schema.customerPlans)
    .values({
      userId: ids.carl!,
      invoiceId: invoice!.id,
      productType: 'PR_4',
      planName: 'Scrapers',
      status: 'active',
      ipAmount: 10,
      durationHours: 720,
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + 720 * 3_600_000),
    })
    .returning();
  await db.insert(schema.whitelistedIps).values({ customerPlanId: plan!.id, ip: '198.51.100.23' });
});

/** Every console route with a harmless path and body: each must look absent to anyone but staff. */
const everyRoute = () =>
  allAdminEndpoints.map((endpoint) => ({
    method: endpoint.method,
    url: buildPath(endpoint.path, { id: ids.carl!, type: 'PR_4' }),
    body: endpoint.method === 'GET' ? undefined : { amount: 1, reason: 'probe' },
  }));

describe('the operator console is hidden from everyone else (issue #17 §1)', () => {
  it('answers 404 on every /v1/admin route to no one, a customer, a reseller, an API key', async () => {
    const callers = [{}, { token: tokens.carl }, { token: tokens.rita }, { apiKey }];
    for (const caller of callers) {
      for (const { method, url, body } of everyRoute()) {
        const answer = await bed.t.app
          .inject({
            method,
            url,
            ...(body ? { payload: body } : {}),
            headers: caller.token
              ? { authorization: `Bearer ${caller.token}` }
              : caller.apiKey
                ? { authorization: `Api-Key ${caller.apiKey}` }
                : {},
          })
          .then((res) => ({ status: res.statusCode, body: res.json() }));
        expect(
          [answer.status, answer.body],
          `${method} ${url} as ${JSON.stringify(Object.keys(caller))}`,
        ).toEqual([404, { detail: `No route ${method} ${url.split('?')[0]}` }]);
      }
    }
    // Nothing was changed by the probes.
    const audit = await bed.t.database.db.select().from(schema.auditLog);
    expect(audit).toEqual([]);
  });

  it('asks an operator without two-factor authentication to turn it on', async () => {
    const answer = await bed.api.get('/v1/admin/overview', { token: tokens.otto });
    expect(answer).toEqual({
      status: 403,
      body: { detail: ADMIN_MESSAGES.turnOnTwoFactor },
    });
  });

  it('lets support read but not act', async () => {
    expect((await bed.api.get('/v1/admin/overview', { token: tokens.sam })).status).toBe(200);
    expect(await bed.api.get('/v1/admin/me', { token: tokens.sam })).toEqual({
      status: 200,
      body: { payload: { username: 'sam', role: 'support' } },
    });
    expect((await bed.api.get('/v1/admin/me', { token: tokens.opal })).body).toEqual({
      payload: { username: 'opal', role: 'operator' },
    });
    const act = await bed.api.post(
      `/v1/admin/customers/${ids.carl}/balance`,
      { amount: 5, reason: 'goodwill', idempotency_key: 'support-tries-0001' },
      { token: tokens.sam },
    );
    expect(act).toEqual({ status: 403, body: { detail: 'Support has read-only access to the console' } });
  });
});

describe('what an operator sees and does', () => {
  it('shows revenue, customers, active plans and the pool on the overview', async () => {
    const { status, body } = await bed.api.get('/v1/admin/overview', { token: tokens.opal });
    expect(status).toBe(200);
    expect(body.payload.revenue).toEqual({ today: 49, week: 49, month: 49 });
    expect(body.payload.customers).toMatchObject({ today: 5, total: 5 });
    expect(body.payload.active_plans).toEqual([{ product: 'PR_4', value: 1 }]);
    const pool = body.payload.pool as { product: string; assigned: number; free: number }[];
    const datacenter = pool.find((row) => row.product === 'PR_4');
    expect(datacenter).toMatchObject({ assigned: 0 });
    expect(datacenter?.free).toBeGreaterThan(0);
  });

  it('finds a customer by whitelisted IP, username or e-mail prefix, referral code and id', async () => {
    const find = async (
      q: string,
    ): Promise<{ count: number; results: { id: string; username: string }[] }> => {
      const answer = await bed.api.get(`/v1/admin/customers?q=${encodeURIComponent(q)}`, {
        token: tokens.opal,
      });
      expect(answer.status, `${q}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as { count: number; results: { id: string; username: string }[] };
    };
    expect((await find('198.51.100.23')).results.map((c) => c.username)).toEqual(['carl']);
    expect((await find('CA')).results.map((c) => c.username)).toEqual(['carl']);
    expect((await find('carl@exa')).count).toBe(1);
    expect((await find(ids.carl!)).results[0]?.id).toBe(ids.carl);
    const [carl] = await bed.t.database.db
      .select({ code: schema.users.referralCode })
      .from(schema.users)
      .where(eq(schema.users.id, ids.carl!));
    expect((await find(carl!.code.toLowerCase())).results[0]?.username).toBe('carl');
    expect((await find('%')).count).toBe(0);
    const all = await bed.api.get('/v1/admin/customers?sort=username', { token: tokens.opal });
    expect((all.body.results as { username: string }[]).map((c) => c.username)).toEqual([
      'carl',
      'opal',
      'otto',
      'rita',
      'sam',
    ]);
  });

  it('credits a balance with a reason, in the ledger and the audit trail with before and after', async () => {
    const credit = await bed.api.post(
      `/v1/admin/customers/${ids.rita}/balance`,
      { amount: 25.5, reason: 'Refund of a failed order', idempotency_key: 'credit-dialog-0001' },
      { token: tokens.opal, ip: '203.0.113.77' },
    );
    expect(credit).toEqual({ status: 200, body: { detail: 'Balance credited', payload: { balance: 25.5 } } });
    const access = await bed.api.get('/v1/auth/access', { token: tokens.rita });
    expect(access.body.payload.balance).toBe(25.5);

    const tooMuch = await bed.api.post(
      `/v1/admin/customers/${ids.rita}/balance`,
      { amount: -30, reason: 'Chargeback', idempotency_key: 'credit-dialog-0002' },
      { token: tokens.opal },
    );
    expect(tooMuch).toEqual({ status: 409, body: { detail: 'The balance cannot go below zero' } });
    const noReason = await bed.api.post(
      `/v1/admin/customers/${ids.rita}/balance`,
      { amount: 5, idempotency_key: 'credit-dialog-0003' },
      { token: tokens.opal },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.detail).toMatch(/reason/i);

    const trail = await bed.api.get(`/v1/admin/audit?target=${ids.rita}`, { token: tokens.sam });
    expect(trail.body.count).toBe(1);
    expect(trail.body.results[0]).toMatchObject({
      actor: 'opal',
      ip: '203.0.113.77',
      action: 'balance.credit',
      target_type: 'user',
      target_id: ids.rita,
      target_name: 'rita',
      before: { balanceCents: 0 },
      after: { balanceCents: 2550 },
      reason: 'Refund of a failed order',
    });
    // The console finds a customer's trail by username too (issue #33 item 5).
    for (const target of ['rita', 'RITA'])
      expect((await bed.api.get(`/v1/admin/audit?target=${target}`, { token: tokens.sam })).body).toEqual(
        trail.body,
      );
    expect((await bed.api.get('/v1/admin/audit?target=nobody', { token: tokens.sam })).body.count).toBe(0);

    const page = await bed.api.get(`/v1/admin/customers/${ids.rita}`, { token: tokens.opal });
    expect(page.body.payload.customer).toMatchObject({ username: 'rita', role: 'reseller', balance: 25.5 });
    expect(page.body.payload.ledger).toEqual([
      expect.objectContaining({ amount: 25.5, reason: 'Operator: Refund of a failed order' }),
    ]);
    expect(page.body.payload.sessions.length).toBeGreaterThan(0);
  });

  it('shows a customer page with plans, invoices and whitelist, and 404 for an unknown customer', async () => {
    const page = await bed.api.get(`/v1/admin/customers/${ids.carl}`, { token: tokens.opal });
    expect(page.status).toBe(200);
    expect(page.body.payload.plans).toEqual([
      expect.objectContaining({ product: 'PR_4', name: 'Scrapers', status: 'active' }),
    ]);
    expect(page.body.payload.invoices).toEqual([
      expect.objectContaining({ plan_name: 'Datacenter 10 IPs', price: 49, paid: true }),
    ]);
    expect(page.body.payload.whitelist).toEqual([expect.objectContaining({ ip: '198.51.100.23' })]);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      expect(await bed.api.get(`/v1/admin/customers/${id}`, { token: tokens.opal })).toEqual({
        status: 404,
        body: { detail: 'No such customer' },
      });
    }
  });

  it('keeps the audit trail append-only, even for a direct statement', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(bed.t.database.db.execute(sql`update audit_log set reason = 'edited'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(bed.t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    // Issue #28 item 9: a TRUNCATE skips row triggers; a statement-level trigger refuses it too.
    const rows = () => bed.t.database.db.$count(schema.auditLog);
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    expect(await refusal(bed.t.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await rows()).toBe(before);
  });
});
