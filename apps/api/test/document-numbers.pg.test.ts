import type { Plan } from '@proxydesk/contract';
import { nextDocumentNumber, schema, type Db, type User } from '@proxydesk/db';
import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';

/**
 * Invoice and credit-note numbers under concurrent payments on PostgreSQL (issue #30 §1, ADR 015): every round
 * pays, marks paid, buys from the balance, refunds and pays twice at once (at least 20 requests), beside
 * transactions that take a number and roll back; after each round the numbers of the year are exactly 1..N,
 * with no gap and no duplicate, and no request answered 5xx.
 */
let t: TestApp;
let api: ApiClient;
let plan: Plan;
let operator: string;
const customers: { user: User; token: string }[] = [];
const YEAR = new Date().getUTCFullYear();
const BILLING = { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' };

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' } });
  api = apiClient(t.app);
  const db = t.database.db;
  const boss = await seedAccount(db, 'numbers_op', { role: 'operator', is2fa: true });
  operator = await mintSession(db, boss, { secondFactor: true });
  for (let i = 0; i < 4; i += 1) {
    const user = await seedAccount(db, `numbers_r${i}`, { role: 'reseller' });
    const token = await mintSession(db, user);
    expect((await api.post('/v1/billing/create', BILLING, { token })).status).toBe(200);
    // Enough balance for every purchase of every round.
    await db
      .insert(schema.balanceLedger)
      .values({ userId: user.id, amountCents: 10_000_000, reason: 'Start' });
    customers.push({ user, token });
  }
  plan = ((await api.get('/v1/plan/read')).body.payload as Plan[]).find((p) => p.type === 'PR_4')!;
}, 120_000);
afterAll(() => t?.close());

const customer = (i: number) => customers[i % customers.length]!;

/** An unpaid sandbox invoice of customer `i`: its id and payment page. */
const unpaid = async (i: number) => {
  const made = await api.post(
    '/v1/invoice/create',
    { plan: plan.id, payment_method: 'sandbox' },
    { token: customer(i).token },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.payload as { invoice_id: string; hosted_url: string };
};

const payOnPage = async (hostedUrl: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: new URL(hostedUrl).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).statusCode;

/** The numbers of a year's series, as their counting part, sorted. */
const numbersOf = async (table: 'invoices' | 'creditNotes', prefix: string) => {
  const source = table === 'invoices' ? schema.invoices : schema.creditNotes;
  const rows = await t.database.db
    .select({ number: source.number })
    .from(source)
    .where(isNotNull(source.number));
  return rows
    .map((row) => row.number!)
    .filter((n) => n.startsWith(`${prefix}-${YEAR}-`))
    .map((n) => Number(n.slice(-6)))
    .sort((a, b) => a - b);
};
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Takes a number and then fails: its transaction rolls back, and so does the number. */
const takeAndRollBack = (db: Db) =>
  db
    .transaction(async (tx) => {
      await nextDocumentNumber(tx, 'invoice', YEAR);
      throw new Error('rolled back on purpose');
    })
    .then(
      () => 'committed',
      () => 'rolled back',
    );

describe('gapless numbers under concurrent payments (issue #30 §1)', () => {
  it('rounds of ≥ 20 payments, marks, balance purchases, refunds and repeats at once: numbers 1..N, no 5xx', async () => {
    let paidRefundable: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pages: fc.integer({ min: 6, max: 10 }),
          marks: fc.integer({ min: 3, max: 6 }),
          balance: fc.integer({ min: 4, max: 8 }),
          repeats: fc.integer({ min: 2, max: 4 }),
          rollbacks: fc.integer({ min: 1, max: 4 }),
        }),
        async ({ pages, marks, balance, repeats, rollbacks }) => {
          const toPay = await Promise.all(Array.from({ length: pages + repeats }, (_, i) => unpaid(i)));
          const toMark = await Promise.all(Array.from({ length: marks }, (_, i) => unpaid(i + 1)));
          const refunds = paidRefundable.splice(0, 5);
          const answers = await Promise.all([
            // Each page paid once, and `repeats` of them paid a second time at once.
            ...toPay.map((invoice) => payOnPage(invoice.hosted_url)),
            ...toPay.slice(0, repeats).map((invoice) => payOnPage(invoice.hosted_url)),
            ...toMark.map(
              async (invoice) =>
                (
                  await api.post(
                    `/v1/admin/invoices/${invoice.invoice_id}/mark-paid`,
                    { reason: 'bank transfer' },
                    { token: operator },
                  )
                ).status,
            ),
            ...Array.from(
              { length: balance },
              async (_, i) =>
                (
                  await api.post(
                    '/v1/invoice/create',
                    { plan: plan.id, payment_method: 'balance' },
                    { token: customer(i).token },
                  )
                ).status,
            ),
            ...refunds.map(
              async (id) =>
                (
                  await api.post(
                    `/v1/admin/invoices/${id}/refund`,
                    { amount: 0.01, reason: 'goodwill' },
                    { token: operator },
                  )
                ).status,
            ),
            ...Array.from({ length: rollbacks }, () => takeAndRollBack(t.database.db).then(() => 200)),
          ]);
          expect(answers.length).toBeGreaterThanOrEqual(20);
          expect(answers.filter((status) => status >= 500)).toEqual([]);
          // A page paid twice: the second pay finds it paid (the page still answers with a redirect).
          expect(answers.every((status) => status < 400)).toBe(true);

          const paid = await t.database.db
            .select({ id: schema.invoices.id, number: schema.invoices.number })
            .from(schema.invoices)
            .where(eq(schema.invoices.paid, true));
          expect(paid.every((row) => row.number !== null)).toBe(true);
          const invoiceNumbers = await numbersOf('invoices', 'INV');
          expect(invoiceNumbers).toEqual(oneToN(paid.length));
          const notes = await numbersOf('creditNotes', 'CN');
          expect(notes).toEqual(oneToN(notes.length));
          const [counter] = await t.database.db
            .select()
            .from(schema.documentCounters)
            .where(eq(schema.documentCounters.series, 'invoice'));
          expect(counter?.last).toBe(paid.length);
          // The reports' roll-up (issue #30 item 9), added to in the same transactions, agrees with the documents.
          const figures = async (query: SQL) => {
            const result: unknown = await t.database.db.execute(query);
            return JSON.stringify((result as { rows: unknown[] }).rows);
          };
          expect(
            await figures(
              sql`select sum(invoices)::int as n, sum(credit_notes)::int as c, sum(total_cents)::int as total
                  from revenue_days`,
            ),
          ).toBe(
            await figures(
              sql`select (select count(*)::int from invoices where number is not null) as n,
                         (select count(*)::int from credit_notes) as c,
                         (select sum(price_cents)::int from invoices where number is not null)
                           - (select coalesce(sum(total_cents), 0)::int from credit_notes) as total`,
            ),
          );
          paidRefundable = toPay.map((invoice) => invoice.invoice_id);
        },
      ),
      { numRuns: 4 },
    );
    const notes = await numbersOf('creditNotes', 'CN');
    expect(notes.length).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
