import { randomUUID } from 'node:crypto';
import { REVERSE_CHARGE_NOTE, type Plan } from '@proxydesk/contract';
import { schema, type User } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';

/**
 * TAX_MODE=eu-vat with catalogue prices that include VAT (issue #30 item 4): a French shop; every buyer pays the
 * price shown, the VAT is taken out of it at the buyer's rate (none for a reverse charge). A reseller's purchases
 * from the balance, 20 at once, charge the total each, and the ones the balance cannot pay get a 4xx.
 */
let t: TestApp;
let api: ApiClient;
let plan: Plan;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};
const PERSON = { first_name: 'Ola', last_name: 'Berg', address: 'Gata 1', city: 'Town', zip: '1000' };

beforeAll(async () => {
  t = await createTestApp({
    env: {
      CAPTCHA_PROVIDER: 'off',
      RATE_LIMIT_PER_MINUTE: '1000000',
      TAX_MODE: 'eu-vat',
      TAX_SHOP_COUNTRY: 'FR',
      TAX_PRICES_INCLUDE_VAT: 'true',
    },
  });
  api = apiClient(t.app);
  const tag = randomUUID().slice(0, 6);
  for (const [name, role] of [
    ['hanna', 'customer'],
    ['rolf', 'reseller'],
  ] as const) {
    users[name] = await seedAccount(t.database.db, `${name}_${tag}`, { role });
    tokens[name] = await mintSession(t.database.db, users[name]);
  }
  const plans = (await api.get('/v1/plan/read')).body.payload as Plan[];
  plan = plans.find((p) => p.type === 'PR_4' && p.price >= 10)!;
});
afterAll(async () => t?.close());

const as = (name: string) => ({ token: tokens[name]! });
const details = (name: string, country: string, extra: Record<string, string> = {}) =>
  api.put('/v1/user/billing-details', { ...PERSON, country, ...extra }, as(name));

describe('prices that include VAT', () => {
  it("takes a German consumer's 19 % out of the price shown: net + VAT = the price", async () => {
    expect((await details('hanna', 'Germany')).status).toBe(200);
    const quote = await api.get('/v1/invoice/tax-quote?amount=11.90', as('hanna'));
    expect(quote.body.payload).toEqual({ net: 10, vat_rate: 19, vat: 1.9, total: 11.9, tax_note: null });
    const made = await api.post(
      '/v1/invoice/create',
      { plan: plan.id, payment_method: 'sandbox' },
      as('hanna'),
    );
    const read = (await api.get(`/v1/invoice/read/${made.body.payload.invoice_id}`, as('hanna'))).body
      .payload;
    expect(read.invoice.plan_price).toBe(plan.price);
    expect(read.tax.total).toBe(plan.price);
    expect(read.tax.vat_rate).toBe(19);
    expect(Math.round((read.tax.net + read.tax.vat) * 100)).toBe(Math.round(plan.price * 100));
  });

  it('charges a reverse-charged business the same price, with no VAT in it', async () => {
    expect((await details('hanna', 'Germany', { vat_number: 'DE123456789' })).status).toBe(200);
    const quote = await api.get('/v1/invoice/tax-quote?amount=11.90', as('hanna'));
    expect(quote.body.payload).toEqual({
      net: 11.9,
      vat_rate: 0,
      vat: 0,
      total: 11.9,
      tax_note: REVERSE_CHARGE_NOTE,
    });
  });
});

describe('a money path: 20 purchases from the balance at once', () => {
  it('pays as many as the balance holds at the total with VAT; the others get a 4xx, never a 5xx', async () => {
    expect((await details('rolf', 'Belgium')).status).toBe(200);
    const quote = (await api.get(`/v1/invoice/tax-quote?amount=${plan.price}`, as('rolf'))).body.payload;
    expect(quote.vat_rate).toBe(21);
    const totalCents = Math.round(quote.total * 100);
    await t.database.db
      .insert(schema.balanceLedger)
      .values({ userId: users.rolf!.id, amountCents: 5 * totalCents, reason: 'Start' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/v1/invoice/create', { plan: plan.id, payment_method: 'balance' }, as('rolf')),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(15);
    const paid = await t.database.db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.userId, users.rolf!.id), eq(schema.invoices.paid, true)));
    expect(paid).toHaveLength(5);
    for (const row of paid) {
      expect(row).toMatchObject({ priceCents: totalCents, vatRate: 21 });
      expect(row.netCents! + row.vatCents!).toBe(totalCents);
      expect(row.document).toMatchObject({ vat_rate: 21, total: quote.total });
    }
    const ledger = await t.database.db
      .select({ cents: schema.balanceLedger.amountCents })
      .from(schema.balanceLedger)
      .where(eq(schema.balanceLedger.userId, users.rolf!.id));
    expect(ledger.reduce((sum, row) => sum + Number(row.cents), 0)).toBe(0);
  });
});
