import { randomUUID } from 'node:crypto';
import {
  billingDetailsOf,
  expireUnpaidInvoices,
  listenForAccessChanges,
  loadDataPlans,
  schema,
  type User,
} from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';
import { plansBoughtBy } from '../../../test-support/shop-customers.js';

/**
 * Issue #30 items 5, 7 and 8: billing details a customer and the console can correct, money and plans set right
 * by hand in the console (an invoice, mark paid by bank transfer, a plan's end, suspend/resume, staff notes), and a
 * balance that is a reseller's only. Operators act, support reads; the target is a customer, never staff or oneself.
 */
let t: TestApp;
let api: ApiClient;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};

const DETAILS = {
  first_name: 'Cora',
  last_name: 'Lind',
  company: 'Lind Consulting GmbH',
  vat_number: 'de 123.456.789',
  address: 'Hauptstraße 1',
  city: 'Berlin',
  zip: '10115',
  country: 'Germany',
};

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  api = apiClient(t.app);
  const tag = randomUUID().slice(0, 6);
  const roles = {
    opal: 'operator',
    sam: 'support',
    cora: 'customer',
    dave: 'customer',
    rita: 'reseller',
  } as const;
  for (const [name, role] of Object.entries(roles)) {
    const staff = role === 'operator' || role === 'support';
    users[name] = await seedAccount(t.database.db, `${name}_${tag}`, { role, is2fa: staff });
    tokens[name] = await mintSession(t.database.db, users[name], { secondFactor: staff });
  }
});
afterAll(async () => t?.close());

const id = (name: string) => users[name]!.id;
const admin = (path: string, body: unknown, who = 'opal', customer = 'cora') =>
  api.post(`/v1/admin/customers/${id(customer)}/${path}`, body, { token: tokens[who] });
const lastAudit = async (customer = 'cora') =>
  (await api.get(`/v1/admin/audit?target=${id(customer)}`, { token: tokens.sam })).body.results[0] as Record<
    string,
    unknown
  >;

describe('billing details a customer corrects in Settings (issue #30 item 5)', () => {
  /** Settings' save of `who`'s billing details: DETAILS with `changes` on top. */
  const saveDetails = (who: string, changes: Record<string, unknown> = {}) =>
    api.put('/v1/user/billing-details', { ...DETAILS, ...changes }, { token: tokens[who]! });

  it('reads none, saves company and VAT number in its country form, and the checkout keeps them', async () => {
    expect(await api.get('/v1/user/billing-details', { token: tokens.cora })).toEqual({
      status: 200,
      body: { payload: null },
    });
    const saved = await saveDetails('cora');
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({ company: 'Lind Consulting GmbH', vat_number: 'DE123456789' });
    // The checkout's form (SPEC.md §7) has no company or VAT number: saving it keeps them.
    const checkout = await api.post(
      '/v1/billing/create',
      { ...DETAILS, company: undefined, vat_number: undefined, city: 'Hamburg' },
      { token: tokens.cora },
    );
    expect(checkout.status).toBe(200);
    expect(checkout.body.payload).toMatchObject({ city: 'Hamburg', vat_number: 'DE123456789' });
    expect(await billingDetailsOf(t.database.db, id('cora'))).toMatchObject({
      city: 'Hamburg',
      company: 'Lind Consulting GmbH',
      vatNumber: 'DE123456789',
    });
    // A consumer clears the company and VAT number.
    const cleared = await saveDetails('dave', { company: '', vat_number: null });
    expect(cleared.body.payload).toMatchObject({ company: null, vat_number: null });
  });

  it('checks the VAT number for the country, with a clear 400', async () => {
    for (const [country, vat] of [
      ['Germany', 'DE12345678'],
      ['France', 'FR1234'],
      ['Netherlands', 'NL123456789'],
      ['Austria', '12345678'],
    ]) {
      const answer = await saveDetails('cora', { country, vat_number: vat });
      expect(answer.status, `${country} ${vat}`).toBe(400);
      expect(answer.body.detail).toMatch(new RegExp(`not a ${country} VAT number`));
    }
    for (const [country, vat] of [
      ['Netherlands', 'NL123456789B01'],
      ['Austria', 'U12345678'],
      ['Greece', 'EL123456789'],
      ['Spain', 'B12345678'],
      ['United States', '12-3456789'],
    ]) {
      const answer = await saveDetails('rita', { country, vat_number: vat });
      expect(answer.status, `${country} ${vat}`).toBe(200);
    }
    expect((await saveDetails('cora', { first_name: '' })).status).toBe(400);
    expect((await api.put('/v1/user/billing-details', DETAILS)).status).toBe(401);
  });

  it("never shows or changes another customer's details", async () => {
    await saveDetails('dave', { first_name: 'Dave' });
    const mine = await api.get('/v1/user/billing-details', { token: tokens.cora });
    expect(mine.body.payload.first_name).toBe('Cora');
    const theirs = await api.get('/v1/user/billing-details', { token: tokens.dave });
    expect(theirs.body.payload.first_name).toBe('Dave');
    // Customers get no console route to reach another's.
    expect((await admin('billing-details', { ...DETAILS, reason: 'Mine now' }, 'dave')).status).toBe(404);
    expect((await billingDetailsOf(t.database.db, id('cora')))?.firstName).toBe('Cora');
  });

  it('is corrected in the console by an operator, audited; support and staff targets are refused', async () => {
    const fixed = await admin('billing-details', {
      ...DETAILS,
      company: 'Lind Consulting AG',
      reason: 'Customer mailed the new company name',
    });
    expect(fixed).toEqual({
      status: 200,
      body: { detail: 'Billing details saved: invoices issued from now on use them' },
    });
    expect((await api.get('/v1/user/billing-details', { token: tokens.cora })).body.payload.company).toBe(
      'Lind Consulting AG',
    );
    expect(await lastAudit()).toMatchObject({
      actor: users.opal!.username,
      action: 'customer.billing',
      before: { billing: { company: 'Lind Consulting GmbH' } },
      after: { billing: { company: 'Lind Consulting AG', vatNumber: 'DE123456789' } },
    });
    const page = await api.get(`/v1/admin/customers/${id('cora')}`, { token: tokens.sam });
    expect(page.body.payload.billing).toMatchObject({ company: 'Lind Consulting AG' });

    const body = { ...DETAILS, reason: 'Trying' };
    expect(await admin('billing-details', body, 'sam')).toEqual({
      status: 403,
      body: { detail: 'Support has read-only access to the console' },
    });
    expect((await admin('billing-details', body, 'opal', 'opal')).status).toBe(409);
    expect((await admin('billing-details', body, 'opal', 'sam')).body.detail).toMatch(/staff/);
    expect((await admin('billing-details', { ...body, vat_number: 'DE1' })).status).toBe(400);
  });
});

describe('by hand in the console (issue #30 item 7)', () => {
  const planId = async () => {
    const plans = (await api.get('/v1/plan/read')).body.payload as { id: number; type: string }[];
    return plans.find((plan) => plan.type === 'PR_4')!.id;
  };
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  it('makes a custom-line invoice the customer sees, pending until its due date, and no one else', async () => {
    const made = await admin('invoices', {
      description: 'Setup of a dedicated gateway',
      price: 120,
      due_date: tomorrow(),
      note: 'Pay by bank transfer to IBAN DE00 0000',
      payment_method: 'sandbox',
      reason: 'Custom deal',
    });
    expect(made.status).toBe(200);
    const invoiceId = made.body.payload.invoice_id as string;
    expect(made.body.payload.hosted_url).toMatch(/^http/);
    const read = await api.get(`/v1/invoice/read/${invoiceId}`, { token: tokens.cora });
    expect(read.body.payload.invoice).toMatchObject({
      plan_name: 'Setup of a dedicated gateway',
      plan_price: 120,
      status: false,
      note: 'Pay by bank transfer to IBAN DE00 0000',
    });
    expect(read.body.payload.billing).toMatchObject({ company: 'Lind Consulting AG' });
    expect((await api.get(`/v1/invoice/read/${invoiceId}`, { token: tokens.dave })).status).toBe(404);
    expect(await lastAudit()).toMatchObject({
      action: 'invoice.create',
      after: { invoiceId, priceCents: 12000 },
    });

    // Two hours old, the expiry job leaves it: it is payable until the end of its due day.
    await t.database.db
      .update(schema.invoices)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(schema.invoices.id, invoiceId));
    await expireUnpaidInvoices(t.database.db);
    const list = await api.get(`/v1/admin/invoices?status=pending&customer=${id('cora')}`, {
      token: tokens.sam,
    });
    expect((list.body.results as { id: string }[]).map((row) => row.id)).toContain(invoiceId);

    // Paid: nothing to provision, no plan appears.
    const paid = await api.post(
      `/v1/admin/invoices/${invoiceId}/mark-paid`,
      { reason: 'Transfer arrived', method: 'bank_transfer', reference: 'SEPA-2026-11-0042' },
      { token: tokens.opal },
    );
    expect(paid).toEqual({ status: 200, body: { detail: 'Marked paid and provisioned' } });
    const after = await api.get(`/v1/invoice/read/${invoiceId}`, { token: tokens.cora });
    expect(after.body.payload.invoice).toMatchObject({ status: true, payment_method: 'bank_transfer' });
    const [row] = await t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    expect(row!.paymentRef).toBe('SEPA-2026-11-0042');
    const plans = await plansBoughtBy(t.database.db, invoiceId);
    expect(plans).toEqual([]);
  });

  it('refuses what does not make an invoice, and support', async () => {
    const base = { due_date: tomorrow(), payment_method: 'sandbox', reason: 'Custom deal' };
    expect((await admin('invoices', { ...base, description: 'No price' })).status).toBe(400);
    expect((await admin('invoices', { ...base, plan: await planId(), description: 'Both' })).status).toBe(
      400,
    );
    expect(
      (await admin('invoices', { ...base, description: 'Late', price: 5, due_date: '2020-01-01' })).status,
    ).toBe(400);
    expect(
      (await admin('invoices', { ...base, description: 'Balance', price: 5, payment_method: 'balance' }))
        .status,
    ).toBe(400);
    expect((await admin('invoices', { ...base, description: 'X', price: 5 }, 'sam')).status).toBe(403);
    expect((await admin('invoices', { ...base, description: 'X', price: 5 }, 'opal', 'opal')).status).toBe(
      409,
    );
  });

  it('a catalogue plan made by hand and marked paid 20 times at once is provisioned once; losers get 409', async () => {
    const made = await admin('invoices', {
      plan: await planId(),
      due_date: tomorrow(),
      payment_method: 'sandbox',
      reason: 'Bank transfer customer',
    });
    expect(made.status).toBe(200);
    const invoiceId = made.body.payload.invoice_id as string;
    const body = { reason: 'Transfer arrived', method: 'bank_transfer', reference: 'SEPA-77' };
    expect(
      (
        await api.post(
          `/v1/admin/invoices/${invoiceId}/mark-paid`,
          { ...body, reference: '' },
          { token: tokens.opal },
        )
      ).body.detail,
    ).toMatch(/Give the bank transfer's reference/);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`/v1/admin/invoices/${invoiceId}/mark-paid`, body, { token: tokens.opal }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(answer).toEqual({ status: 409, body: { detail: 'This invoice is paid already' } });
    const plans = await plansBoughtBy(t.database.db, invoiceId);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ userId: id('cora'), productType: 'PR_4', status: 'pending' });
    const marks = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, invoiceId), eq(schema.auditLog.action, 'invoice.mark-paid')));
    expect(marks).toHaveLength(1);
  });

  it('a by-hand invoice for a catalogue plan is paid on the sandbox page like any other, and provisioned', async () => {
    const made = await admin('invoices', {
      plan: await planId(),
      price: 9.5,
      due_date: tomorrow(),
      payment_method: 'sandbox',
      reason: 'Agreed price',
    });
    const invoiceId = made.body.payload.invoice_id as string;
    const read = await api.get(`/v1/invoice/read/${invoiceId}`, { token: tokens.cora });
    expect(read.body.payload.invoice).toMatchObject({ plan_price: 9.5, list_price: 9.5, proxy_type: 'PR_4' });
    // The customer presses Pay on the sandbox's page, as on a checkout of their own.
    const pay = await t.app.inject({
      method: 'POST',
      url: new URL(made.body.payload.hosted_url as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(pay.statusCode).toBeLessThan(400);
    await expect
      .poll(
        async () =>
          (await api.get(`/v1/invoice/read/${invoiceId}`, { token: tokens.cora })).body.payload.invoice
            .status as boolean,
      )
      .toBe(true);
    const plans = await plansBoughtBy(t.database.db, invoiceId);
    expect(plans).toHaveLength(1);
  });

  it("moves one plan's end and suspends and resumes it; the gateways are told and refuse it while suspended", async () => {
    const [invoice] = await t.database.db
      .insert(schema.invoices)
      .values({
        userId: id('cora'),
        kind: 'plan',
        planName: 'ISP 5 GB',
        listPriceCents: 1000,
        priceCents: 1000,
        proxyType: 'PR_2',
        paymentMethod: 'sandbox',
        paid: true,
        paidAt: new Date(),
      })
      .returning();
    const [plan] = await t.database.db
      .insert(schema.customerPlans)
      .values({
        userId: id('cora'),
        invoiceId: invoice!.id,
        productType: 'PR_2',
        planName: 'ISP 5 GB',
        status: 'active',
        dataGb: 5,
        durationHours: 720,
        activatedAt: new Date(),
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      })
      .returning();
    const planIdOf = plan!.id;
    const gatewaySees = async () =>
      (await loadDataPlans(t.database.db)).some((row) => row.planId === planIdOf);
    expect(await gatewaySees()).toBe(true);

    const end = await admin('plan-end', {
      plan_id: planIdOf,
      expires_at: '2031-06-30T12:00:00Z',
      reason: 'Agreed extension',
    });
    expect(end).toEqual({ status: 200, body: { detail: 'The plan now ends 2031-06-30T12:00:00.000Z' } });
    expect(await lastAudit()).toMatchObject({
      action: 'plan.end-date',
      before: { expiresAt: '2030-01-01T00:00:00.000Z' },
      after: { expiresAt: '2031-06-30T12:00:00.000Z' },
    });
    expect(
      (await admin('plan-end', { plan_id: planIdOf, expires_at: '2020-01-01T00:00:00Z', reason: 'Past' }))
        .status,
    ).toBe(400);
    expect(
      (
        await admin(
          'plan-end',
          { plan_id: planIdOf, expires_at: '2031-01-01T00:00:00Z', reason: 'Wrong one' },
          'opal',
          'dave',
        )
      ).body.detail,
    ).toBe('This customer has no such plan');

    let told = 0;
    const stop = await listenForAccessChanges(t.database, () => (told += 1));
    try {
      const suspended = await admin('plan-suspension', {
        plan_id: planIdOf,
        suspended: true,
        reason: 'Abuse report',
      });
      expect(suspended.status).toBe(200);
      await expect.poll(() => told, { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await stop();
    }
    expect(await gatewaySees()).toBe(false);
    expect(
      (await admin('plan-suspension', { plan_id: planIdOf, suspended: true, reason: 'Again' })).body,
    ).toEqual({
      detail: 'Nothing to change: the plan is already so',
    });
    expect(
      (await admin('plan-suspension', { plan_id: planIdOf, suspended: false, reason: 'Sorted' }, 'sam'))
        .status,
    ).toBe(403);
    expect(
      await admin('plan-suspension', { plan_id: planIdOf, suspended: false, reason: 'Sorted out' }),
    ).toEqual({
      status: 200,
      body: { detail: 'Plan resumed (active)' },
    });
    expect(await gatewaySees()).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'plan.resume',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
  });

  it('keeps staff notes for staff: the customer never reads them', async () => {
    const note = await admin('notes', { body: 'Prefers e-mail; VIP since 2024' });
    expect(note.status).toBe(200);
    expect(note.body.payload).toMatchObject({
      body: 'Prefers e-mail; VIP since 2024',
      author: users.opal!.username,
    });
    expect((await admin('notes', { body: 'Support was here' }, 'sam')).status).toBe(403);
    expect((await admin('notes', { body: '' })).status).toBe(400);
    const page = await api.get(`/v1/admin/customers/${id('cora')}`, { token: tokens.sam });
    expect(page.body.payload.notes).toEqual([
      expect.objectContaining({ body: 'Prefers e-mail; VIP since 2024' }),
    ]);
    expect((await api.get(`/v1/admin/customers/${id('cora')}`, { token: tokens.cora })).status).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'customer.note' });
    // No customer answer carries it.
    for (const path of [
      '/v1/auth/access',
      '/v1/user/dashboard-stats',
      '/v1/user/billing-details',
      '/v1/invoice/read',
    ])
      expect(JSON.stringify((await api.get(path, { token: tokens.cora })).body), path).not.toContain(
        'VIP since',
      );
  });
});

describe('a balance that means one thing (issue #30 item 8)', () => {
  const credit = (who: string, amount: number, key: string) =>
    api.post(
      `/v1/admin/customers/${id(who)}/balance`,
      { amount, reason: 'Goodwill credit', idempotency_key: `${key}-${'k'.repeat(16)}` },
      { token: tokens.opal },
    );

  it('credits resellers only (409 for a customer), and lets a leftover customer balance be debited', async () => {
    expect(await credit('dave', 25, 'dave-credit')).toEqual({
      status: 409,
      body: {
        detail:
          'Only a reseller has a balance to spend: make this customer a reseller first, or credit nothing',
      },
    });
    expect((await credit('rita', 25, 'rita-credit')).body).toEqual({
      detail: 'Balance credited',
      payload: { balance: 25 },
    });
    // A balance from before the rule (or a reseller made customer again) can still be taken away.
    await t.database.db
      .insert(schema.balanceLedger)
      .values({ userId: id('dave'), amountCents: 2500, reason: 'Operator: old credit' });
    expect((await credit('dave', -25, 'dave-debit')).body).toEqual({
      detail: 'Balance debited',
      payload: { balance: 0 },
    });
  });
});
