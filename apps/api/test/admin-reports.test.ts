import type { DocumentsReport, Plan, RevenueReport, VatReport } from '@proxydesk/contract';
import {
  documentsOfPeriod,
  findInvoiceById,
  issueCreditNote,
  schema,
  type DocumentCursor,
} from '@proxydesk/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedIssuedInvoice } from '../../../test-support/seed.js';
import { useConsoleApp } from '../../../test-support/staff.js';

/**
 * The accountant's reports (issue #30 item 9, ADR 015), against fixtures whose sums are worked out by hand: two VAT
 * rates (Ireland 23 %, Germany 19 %), a purchase paid from a balance (not revenue again), a part refund's credit
 * note in a later month, and a real sandbox payment refunded in part through the console.
 */
const bed = useConsoleApp(['cat', 'dan']);
const { tokens } = bed;
const as = (name: string) => ({ token: tokens[name]! });
const userId = async (name: string) =>
  (await bed.t.database.db.select().from(schema.users).where(eq(schema.users.username, name)))[0]!.id;
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const db = bed.t.database.db;
  const [cat, dan] = [await userId('cat'), await userId('dan')];
  const at = (day: string) => new Date(`${day}T10:00:00Z`);
  const a = await seedIssuedInvoice(db, {
    userId: cat,
    number: 'INV-2026-900001',
    product: 'PR_4',
    method: 'stripe',
    country: 'Ireland',
    vatRate: 23,
    netCents: 10_000,
    vatCents: 2_300,
    paidAt: at('2026-04-10'),
  });
  const fixtures = [
    ['INV-2026-900002', 'PR_2', 'paddle', '2026-05-20', 5_000, 950],
    ['INV-2026-900003', 'PR_4', 'balance', '2026-05-21', 1_000, 190],
    ['INV-2026-900004', 'PR_4', 'stripe', '2026-07-01', 5_000, 950],
  ] as const;
  for (const [number, product, method, day, netCents, vatCents] of fixtures)
    await seedIssuedInvoice(db, {
      userId: dan,
      number,
      product,
      method,
      country: 'Germany',
      vatRate: 19,
      netCents,
      vatCents,
      paidAt: at(day),
    });
  // €24.60 of A given back on 3 June: at A's 23 %, €20.00 net and €4.60 VAT (the real credit-note path).
  await db.transaction(async (tx) => {
    const invoice = (await findInvoiceById(tx, a.id))!;
    await issueCreditNote(tx, invoice, {
      cents: 2_460,
      reason: 'part',
      at: at('2026-06-03'),
    });
  });
});

const csv = async (url: string, name = 'sue') => {
  const answer = await bed.t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[name]}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/csv/);
  return answer.body
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
};
const sums = (invoices: number, credit_notes: number, net: number, vat: number) => ({
  invoices,
  credit_notes,
  net_cents: net,
  vat_cents: vat,
  total_cents: net + vat,
});

describe('reports an accountant asks for (issue #30 item 9)', () => {
  it('revenue per month for twelve months, by product and by payment method, refunds in their own month', async () => {
    const answer = await bed.api.get('/v1/admin/reports/revenue?month=2026-06', as('sue'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.payload as RevenueReport;
    expect(report.months.map((m) => m.month)).toEqual([
      ...['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'],
      ...['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'],
    ]);
    expect(report.months.slice(9)).toEqual([
      { month: '2026-04', ...sums(1, 0, 10_000, 2_300) },
      // The purchase paid from a balance is no revenue again: only the paddle invoice counts.
      { month: '2026-05', ...sums(1, 0, 5_000, 950) },
      { month: '2026-06', ...sums(0, 1, -2_000, -460) },
    ]);
    expect(report.months[0]).toEqual({ month: '2025-07', ...sums(0, 0, 0, 0) });
    expect(report.by_product).toEqual([
      { month: '2026-04', key: 'PR_4', ...sums(1, 0, 10_000, 2_300) },
      { month: '2026-05', key: 'PR_2', ...sums(1, 0, 5_000, 950) },
      { month: '2026-06', key: 'PR_4', ...sums(0, 1, -2_000, -460) },
    ]);
    expect(report.by_method).toEqual([
      { month: '2026-04', key: 'stripe', ...sums(1, 0, 10_000, 2_300) },
      { month: '2026-05', key: 'paddle', ...sums(1, 0, 5_000, 950) },
      { month: '2026-06', key: 'stripe', ...sums(0, 1, -2_000, -460) },
    ]);
    const july = await bed.api.get('/v1/admin/reports/revenue?month=2026-07', as('olga'));
    expect((july.body.payload as RevenueReport).months.at(-1)).toEqual({
      month: '2026-07',
      ...sums(1, 0, 5_000, 950),
    });

    // The CSV carries the same figures, in euro.
    const lines = await csv('/v1/admin/reports/revenue.csv?month=2026-06');
    expect(lines[0]).toEqual(['month', 'by', 'key', 'invoices', 'credit_notes', 'net', 'vat', 'total']);
    expect(lines).toContainEqual(['2026-06', 'product', 'PR_4', '0', '1', '-20.00', '-4.60', '-24.60']);
    expect(lines).toContainEqual(['2026-05', 'payment_method', 'paddle', '1', '0', '50.00', '9.50', '59.50']);
    expect(lines).toContainEqual(['2026-04', 'total', '', '1', '0', '100.00', '23.00', '123.00']);
    expect(lines).toHaveLength(1 + 3 + 3 + 12);
  });

  it('VAT by country and rate for a quarter, credit notes subtracting', async () => {
    const answer = await bed.api.get('/v1/admin/reports/vat?quarter=2026-Q2', as('sue'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payload).toEqual({
      quarter: '2026-Q2',
      from: '2026-04-01',
      to: '2026-06-30',
      rows: [
        { country: 'Germany', vat_rate: 19, ...sums(1, 0, 5_000, 950) },
        { country: 'Ireland', vat_rate: 23, ...sums(1, 1, 8_000, 1_840) },
      ],
      totals: sums(2, 1, 13_000, 2_790),
    });
    const lines = await csv('/v1/admin/reports/vat.csv?quarter=2026-Q2');
    expect(lines).toEqual([
      ['quarter', 'country', 'vat_rate', 'invoices', 'credit_notes', 'net', 'vat', 'total'],
      ['2026-Q2', 'Germany', '19.00', '1', '0', '50.00', '9.50', '59.50'],
      ['2026-Q2', 'Ireland', '23.00', '1', '1', '80.00', '18.40', '98.40'],
      ['2026-Q2', 'total', '', '2', '1', '130.00', '27.90', '157.90'],
    ]);
    const q3 = await bed.api.get('/v1/admin/reports/vat?quarter=2026-Q3', as('sue'));
    expect((q3.body.payload as VatReport).rows).toEqual([
      { country: 'Germany', vat_rate: 19, ...sums(1, 0, 5_000, 950) },
    ]);
  });

  it('the documents of a period, paged, with a totals row that the CSV repeats', async () => {
    const answer = await bed.api.get('/v1/admin/reports/documents?from=2026-04-01&to=2026-06-30', as('sue'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body as DocumentsReport;
    expect(report.count).toBe(4);
    expect(report.next).toBeNull();
    expect(report.results.map((d) => [d.kind, d.number, d.buyer_country, d.total_cents])).toEqual([
      ['invoice', 'INV-2026-900001', 'Ireland', 12_300],
      ['invoice', 'INV-2026-900002', 'Germany', 5_950],
      ['invoice', 'INV-2026-900003', 'Germany', 1_190],
      ['credit_note', expect.stringMatching(/^CN-2026-\d{6}$/), 'Ireland', -2_460],
    ]);
    expect(report.results[3]).toMatchObject({
      invoice_number: 'INV-2026-900001',
      vat_rate: 23,
      net_cents: -2_000,
    });
    expect(report.totals).toEqual(sums(3, 1, 14_000, 2_980));
    expect(report.from_balance).toEqual(sums(1, 0, 1_000, 190));

    const lines = await csv('/v1/admin/reports/documents.csv?from=2026-04-01&to=2026-06-30');
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines[1]).toEqual([
      'invoice',
      'INV-2026-900001',
      '2026-04-10T10:00:00.000Z',
      'cat',
      expect.any(String),
      'Ireland',
      'PR_4',
      'stripe',
      '',
      '100.00',
      '23.00',
      '23.00',
      '123.00',
    ]);
    expect(lines.at(-1)).toEqual(['total', '', '', '', '', '', '', '', '', '140.00', '', '29.80', '169.80']);
    // One day, and a day with nothing.
    const may = await bed.api.get('/v1/admin/reports/documents?from=2026-05-21&to=2026-05-21', as('sue'));
    expect((may.body as DocumentsReport).results.map((d) => d.number)).toEqual(['INV-2026-900003']);
    const none = await bed.api.get('/v1/admin/reports/documents?from=2026-03-01&to=2026-03-31', as('sue'));
    expect(none.body).toMatchObject({ count: 0, results: [], totals: sums(0, 0, 0, 0) });
  });

  it('a real payment and its part refund reach the reports, which agree with the documents', async () => {
    const plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
    const billing = {
      first_name: 'C',
      last_name: 'K',
      address: '1 St',
      city: 'Cork',
      zip: 'T1',
      country: 'Ireland',
    };
    expect((await bed.api.post('/v1/billing/create', billing, as('cat'))).status).toBe(200);
    const plan = plans.find((p) => p.type === 'PR_4')!;
    const made = await bed.api.post(
      '/v1/invoice/create',
      { plan: plan.id, payment_method: 'sandbox' },
      as('cat'),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const paid = await bed.t.app.inject({
      method: 'POST',
      url: new URL(made.body.payload.hosted_url as string).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    const id = made.body.payload.invoice_id as string;
    const refund = await bed.api.post(
      `/v1/admin/invoices/${id}/refund`,
      { amount: 1, reason: 'goodwill' },
      as('olga'),
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const today = await bed.api.get(`/v1/admin/reports/documents?from=${TODAY}&to=${TODAY}`, as('sue'));
    const price = Math.round(plan.price * 100);
    expect(
      (today.body as DocumentsReport).results.map((d) => [d.kind, d.total_cents, d.buyer_country]),
    ).toEqual([
      ['invoice', price, 'Ireland'],
      ['credit_note', -100, 'Ireland'],
    ]);
    expect(today.body.totals).toEqual(sums(1, 1, price - 100, 0));

    // The roll-up holds exactly what the documents say, day by day.
    const db = bed.t.database.db;
    const rows = (result: unknown) =>
      (result as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r));
    const rolled = await db.execute(
      sql`select day::text as day, sum(net_cents)::int as net, sum(invoices)::int as n, sum(credit_notes)::int as c
          from revenue_days group by day order by day`,
    );
    const documents = await db.execute(
      sql`select day, sum(net)::int as net, sum(n)::int as n, sum(c)::int as c from (
            select (paid_at at time zone 'UTC')::date::text as day, net_cents as net, 1 as n, 0 as c
            from invoices where number is not null
            union all
            select (created_at at time zone 'UTC')::date::text, -net_cents, 0, 1 from credit_notes) d
          group by day order by day`,
    );
    expect(rows(rolled)).toEqual(rows(documents));
  });

  it("the CSV's batches, each after the last row, walk the period as one query would", async () => {
    const db = bed.t.database.db;
    const period = { from: '2026-04-01', until: '2026-08-01' };
    const all = await documentsOfPeriod(db, period, { limit: 100 });
    const walked: string[] = [];
    for (let cursor: DocumentCursor | undefined; ;) {
      const [row] = await documentsOfPeriod(db, period, { limit: 1, cursor });
      if (!row) break;
      walked.push(row.number);
      cursor = { at: row.cursor, id: row.id };
    }
    expect(all).toHaveLength(5);
    expect(walked).toEqual(all.map((row) => row.number));
  });

  it('the console invoice CSV names each invoice by its number', async () => {
    const lines = await csv('/v1/admin/invoices.csv?customer=dan');
    expect(lines[0]![0]).toBe('number');
    expect(lines.slice(1).map((line) => line[0])).toEqual([
      'INV-2026-900004',
      'INV-2026-900003',
      'INV-2026-900002',
    ]);
  });

  it('answers bad periods with 400 and what is wrong, never 500', async () => {
    for (const [url, detail] of [
      ['/v1/admin/reports/revenue?month=2026-13', /month/i],
      ['/v1/admin/reports/vat?quarter=2026-Q5', /quarter/i],
      ['/v1/admin/reports/documents?from=2026-02-30', /day/i],
      ['/v1/admin/reports/documents?from=2026-06-01&to=2026-05-01', /ends before it starts/],
      ['/v1/admin/reports/documents.csv?from=2026-06-01&to=2026-05-01', /ends before it starts/],
    ] as const) {
      const answer = await bed.api.get(url, as('sue'));
      expect(answer.status, url).toBe(400);
      expect(answer.body.detail).toMatch(detail);
    }
  });

  it('is staff only: a customer and a visitor are told there is nothing there (404)', async () => {
    for (const path of ['revenue', 'revenue.csv', 'documents', 'documents.csv', 'vat', 'vat.csv']) {
      expect((await bed.api.get(`/v1/admin/reports/${path}`, as('cat'))).status, path).toBe(404);
      expect((await bed.api.get(`/v1/admin/reports/${path}`)).status, path).toBe(404);
      const staff = await bed.t.app.inject({
        url: `/v1/admin/reports/${path}`,
        headers: { authorization: `Bearer ${tokens.sue}` },
      });
      expect(staff.statusCode, path).toBe(200);
    }
  });
});
