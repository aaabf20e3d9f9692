import { listenForAccessChanges, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../../../test-support/accounts.js';
import { signInAsStaff } from '../../../test-support/staff.js';
import { useMailedApp } from '../../../test-support/app.js';

const bed = useMailedApp();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const plans: Record<string, string> = {};

const db = () => bed.t.database.db;
const userRow = async (name: string) =>
  (await db().select().from(schema.users).where(eq(schema.users.id, ids[name]!)))[0]!;

/** An active plan of a customer, made as a payment would (an invoice, then the plan). */
const givePlan = async (
  name: string,
  product: 'PR_2' | 'PR_4',
  values: { dataGb?: number; ipAmount?: number },
) => {
  const [invoice] = await db()
    .insert(schema.invoices)
    .values({
      userId: ids[name]!,
      kind: 'plan',
      planName: product,
      listPriceCents: 1000,
      priceCents: 1000,
      proxyType: product,
      paymentMethod: 'sandbox',
      paid: true,
      paidAt: new Date(),
    })
    .returning();
  const [plan] = await db()
    .insert(schema.customerPlans)
    .values({
      userId: ids[name]!,
      invoiceId: invoice!.id,
      productType: product,
      planName: product,
      status: 'active',
      durationHours: 720,
      activatedAt: new Date(),
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  return plan!.id;
};

beforeAll(async () => {
  // The console opens only to a sign-in with the mailed code (issue #28).
  tokens.opal = await signInAsStaff(bed.api, bed.smtp, db(), { username: 'opal', role: 'operator' });
  tokens.sam = await signInAsStaff(bed.api, bed.smtp, db(), { username: 'sam', role: 'support' });
  for (const name of ['cora', 'dave'])
    tokens[name] = await signUp(bed.api, bed.smtp, { username: name, email: `${name}@example.com` });
  for (const user of await db().select().from(schema.users)) ids[user.username] = user.id;
  plans.data = await givePlan('cora', 'PR_2', { dataGb: 5 });
  plans.ips = await givePlan('cora', 'PR_4', { ipAmount: 10 });
});

const act = (path: string, body: Record<string, unknown>, who = 'opal', customer = 'cora') =>
  bed.api.post(`/v1/admin/customers/${ids[customer]}/${path}`, body, {
    token: tokens[who],
    ip: '203.0.113.9',
  });

/** The newest audit row of a customer, as the console lists it. */
const lastAudit = async (customer = 'cora') => {
  const trail = await bed.api.get(`/v1/admin/audit?target=${ids[customer]}`, { token: tokens.opal });
  return trail.body.results[0] as Record<string, unknown>;
};

describe("an operator's actions on a customer (issue #17 §3), each audited with before and after", () => {
  it('gifts days and GB to an active plan', async () => {
    const days = await act('gift', { plan_id: plans.ips, days: 10, reason: 'Outage last week' });
    expect(days).toEqual({ status: 200, body: { detail: 'Plan gifted 10 days' } });
    expect(await lastAudit()).toMatchObject({
      actor: 'opal',
      ip: '203.0.113.9',
      action: 'plan.gift',
      before: { planId: plans.ips, expiresAt: '2030-01-01T00:00:00.000Z' },
      after: { planId: plans.ips, expiresAt: '2030-01-11T00:00:00.000Z' },
      reason: 'Outage last week',
    });
    const gb = await act('gift', { plan_id: plans.data, gb: 2.5, reason: 'Goodwill' });
    expect(gb.body.detail).toBe('Plan gifted 2.5 GB');
    expect(await lastAudit()).toMatchObject({ before: { dataGb: 5 }, after: { dataGb: 7.5 } });
    const page = await bed.api.get(`/v1/admin/customers/${ids.cora}`, { token: tokens.sam });
    expect(page.body.payload.plans).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: plans.data, data_gb: 7.5, used_gb: 0 })]),
    );

    expect((await act('gift', { plan_id: plans.ips, gb: 1, reason: 'Goodwill' })).status).toBe(409);
    expect((await act('gift', { plan_id: plans.ips, reason: 'Goodwill' })).status).toBe(400);
    expect((await act('gift', { plan_id: plans.ips, days: 0, reason: 'Goodwill' })).status).toBe(400);
    expect(await act('gift', { plan_id: plans.ips, days: 1, reason: 'Goodwill' }, 'opal', 'dave')).toEqual({
      status: 404,
      body: { detail: 'This customer has no such plan' },
    });
  });

  it('makes a reseller and a customer again, and leaves staff roles to the command line', async () => {
    expect((await act('reseller', { reseller: true, reason: 'Agency account' })).body.detail).toBe(
      'Now a reseller',
    );
    expect((await userRow('cora')).role).toBe('reseller');
    expect(await lastAudit()).toMatchObject({
      action: 'customer.role',
      before: { role: 'customer' },
      after: { role: 'reseller' },
    });
    expect((await act('reseller', { reseller: true, reason: 'Again' })).status).toBe(409);
    expect((await act('reseller', { reseller: false, reason: 'Agency closed' })).status).toBe(200);
    expect((await act('reseller', { reseller: true, reason: 'Promote' }, 'opal', 'sam')).status).toBe(409);
  });

  it('rotates the proxy password and tells the gateways at once', async () => {
    const old = (await userRow('cora')).proxyPassword;
    let told = 0;
    const stop = await listenForAccessChanges(bed.t.database, () => (told += 1));
    try {
      expect((await act('proxy-password', { reason: 'Leaked on a forum' })).status).toBe(200);
      await expect.poll(() => told, { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await stop();
    }
    const fresh = (await userRow('cora')).proxyPassword;
    expect(fresh).not.toBe(old);
    expect(await lastAudit()).toMatchObject({
      action: 'customer.proxy-password',
      before: { proxyPassword: `…${old.slice(-2)}` },
      after: { proxyPassword: `…${fresh.slice(-2)}` },
    });
  });

  it('resets two-factor authentication', async () => {
    await db().update(schema.users).set({ is2fa: true }).where(eq(schema.users.id, ids.cora!));
    expect((await act('reset-2fa', { reason: 'Lost her phone' })).status).toBe(200);
    expect((await userRow('cora')).is2fa).toBe(false);
    expect(await lastAudit()).toMatchObject({ before: { is2fa: true }, after: { is2fa: false } });
    expect((await act('reset-2fa', { reason: 'Again' })).status).toBe(409);
    expect(await act('reset-2fa', { reason: 'Mine' }, 'opal', 'opal')).toEqual({
      status: 409,
      body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
    });
  });

  it("changes the e-mail address, ends the customer's sessions and tells the old address", async () => {
    const after = Date.now();
    expect(await act('email', { email: 'Cora.New@Example.com', reason: 'Old mailbox closed' })).toEqual({
      status: 200,
      body: { detail: 'E-mail address changed to cora.new@example.com' },
    });
    const notice = await bed.smtp.waitFor('cora@example.com', { after });
    expect(notice.subject).toMatch(/e-mail address was changed/);
    expect((await bed.api.get('/v1/auth/access', { token: tokens.cora })).status).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'customer.email',
      before: { email: 'cora@example.com' },
      after: { email: 'cora.new@example.com', sessionsEnded: 1 },
    });
    expect(await act('email', { email: 'dave@example.com', reason: 'Merge' })).toEqual({
      status: 409,
      body: { detail: 'This e-mail address is already in use' },
    });
    const signIn = await bed.api.post('/v1/auth/login', {
      username: 'cora',
      password: PASSWORD,
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    tokens.cora = signIn.body.payload.token as string;
  });

  it('deactivates (signed out, refused) and reactivates', async () => {
    expect((await act('active', { active: false, reason: 'Card fraud' })).body.detail).toBe(
      'Account deactivated and signed out everywhere',
    );
    expect((await bed.api.get('/v1/auth/access', { token: tokens.cora })).status).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'customer.deactivate',
      before: { isActive: true },
      after: { isActive: false, sessionsEnded: 1 },
    });
    expect((await act('active', { active: false, reason: 'Again' })).status).toBe(409);
    expect((await act('active', { active: true, reason: 'Cleared by the bank' })).status).toBe(200);
    expect((await userRow('cora')).isActive).toBe(true);
    expect(await lastAudit()).toMatchObject({ before: { isActive: false }, after: { isActive: true } });
  });

  it('needs a reason for every action', async () => {
    for (const path of ['active', 'reset-2fa', 'reseller', 'revoke-sessions', 'proxy-password', 'email']) {
      const answer = await act(path, { active: true, reseller: true, email: 'x@example.com', reason: ' ' });
      expect(answer.status, path).toBe(400);
      expect(answer.body.detail, path).toMatch(/reason/i);
    }
  });
});

describe('support: read-only, but may resend the confirmation and revoke sessions', () => {
  it('refuses every other action to support, changing nothing', async () => {
    const before = await db().select().from(schema.auditLog);
    for (const [path, body] of [
      ['active', { active: false }],
      ['reset-2fa', {}],
      ['reseller', { reseller: true }],
      ['proxy-password', {}],
      ['gift', { plan_id: plans.ips, days: 1 }],
      ['email', { email: 'sam-was-here@example.com' }],
      ['balance', { amount: 5 }],
    ] as const) {
      expect(await act(path, { ...body, reason: 'Trying' }, 'sam'), path).toEqual({
        status: 403,
        body: { detail: 'Support has read-only access to the console' },
      });
    }
    expect(await db().select().from(schema.auditLog)).toEqual(before);
  });

  it('revokes all sessions', async () => {
    const second = await bed.api.post('/v1/auth/login', { username: 'dave', password: PASSWORD });
    expect(second.status).toBe(200);
    expect(await act('revoke-sessions', { reason: 'Shared his login' }, 'sam', 'dave')).toEqual({
      status: 200,
      body: { detail: 'Signed out on every device (2 sessions ended)' },
    });
    expect((await bed.api.get('/v1/auth/access', { token: tokens.dave })).status).toBe(401);
    expect(await lastAudit('dave')).toMatchObject({
      actor: 'sam',
      action: 'customer.revoke-sessions',
      before: { sessions: 2 },
      after: { sessions: 0 },
      reason: 'Shared his login',
    });
  });

  it('resends the confirmation code to an unconfirmed customer only', async () => {
    expect((await act('resend-confirmation', { reason: 'Asked on Discord' }, 'sam', 'dave')).status).toBe(
      409,
    );
    await db().update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, ids.dave!));
    const after = Date.now();
    expect(await act('resend-confirmation', { reason: 'Asked on Discord' }, 'sam', 'dave')).toEqual({
      status: 200,
      body: { detail: 'Confirmation code mailed to dave@example.com' },
    });
    const mail = await bed.smtp.waitFor('dave@example.com', { after });
    expect(mail.text).toMatch(/\d{6}/);
    expect(await lastAudit('dave')).toMatchObject({
      action: 'customer.resend-confirmation',
      before: { emailVerified: false },
      after: { mailedTo: 'dave@example.com' },
    });
  });
});

describe('the audit list filters', () => {
  it('by actor, action, customer and day', async () => {
    const list = async (query: string) =>
      (await bed.api.get(`/v1/admin/audit?${query}`, { token: tokens.opal })).body as {
        count: number;
        results: { actor: string; action: string; target_id: string }[];
      };
    const bySam = await list('actor=sam');
    expect(bySam.count).toBe(2);
    expect(bySam.results.every((row) => row.actor === 'sam')).toBe(true);
    expect((await list('action=customer.re')).results.map((row) => row.action).sort()).toEqual([
      'customer.reactivate',
      'customer.resend-confirmation',
      'customer.reset-2fa',
      'customer.revoke-sessions',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const all = await list(`from=${today}&to=${today}`);
    expect(all.count).toBeGreaterThan(8);
    expect((await list('to=2020-01-01')).count).toBe(0);
    expect((await bed.api.get('/v1/admin/audit?from=2026-02-30', { token: tokens.opal })).status).toBe(400);
    expect((await list(`target=${ids.dave}&actor=opal`)).count).toBe(0);
  });
});
