/**
 * Issue #30 item 9's budget: the accountant's reports over the console bench's million invoices. The paid ones
 * are issued (numbered, with net, VAT and the buyer's country at six countries' rates), one in fifty is refunded
 * in half by a credit note, and the reports' roll-up is written from them as issuing would have.
 */
export const REPORT_BUDGET_MS = 300;

/** The document is a stand-in (`{}`): a numbered invoice without one would be written again at start. */
export const ISSUED_COLUMNS = 'number, net_cents, vat_rate, vat_cents, buyer_country, document';

/** Per row `i`: the buyer's country and its VAT rate (a sixth outside the EU, at 0 %). */
export const BUYER_TAX = `select (array['Ireland','Germany','France','Netherlands','Poland','United States'])[1 + i % 6] as country,
       (array[23, 19, 20, 21, 23, 0])[1 + i % 6] as rate, 1000 + i % 5000 as price`;

/** What issuing writes on a paid invoice (`i % 10 <> 0` are paid, as the bench's insert says). */
export const ISSUED_VALUES = `
  case when i % 10 <> 0 then 'INV-' || extract(year from at)::int || '-' || lpad(i::text, 7, '0') end,
  case when i % 10 <> 0 then round(tax.price * 100.0 / (100 + tax.rate)) end,
  case when i % 10 <> 0 then tax.rate end,
  case when i % 10 <> 0 then tax.price - round(tax.price * 100.0 / (100 + tax.rate)) end,
  case when i % 10 <> 0 then tax.country end,
  case when i % 10 <> 0 then '{}'::jsonb end`;

/** Credit notes for one paid invoice in fifty (half its price, three days on), then the roll-up from both. */
export const seedIssuedDocuments = async (db) => {
  await db.execute(
    `insert into credit_notes (number, invoice_id, user_id, total_cents, net_cents, vat_rate, vat_cents,
                               buyer_country, reason, document, created_at)
     select 'CN-' || extract(year from at)::int || '-' || lpad(n::text, 7, '0'), id, user_id, half,
            round(half * 100.0 / (100 + vat_rate)), vat_rate, half - round(half * 100.0 / (100 + vat_rate)),
            buyer_country, 'bench', '{}'::jsonb, at
     from (select id, user_id, price_cents / 2 as half, vat_rate, buyer_country,
                  least(paid_at + interval '3 days', now()) as at, row_number() over (order by paid_at) as n
           from invoices where paid and abs(hashtext(id::text)) % 50 = 0) refunded`,
  );
  const { rebuildRevenueRollUp } = await import('../packages/db/dist/index.js');
  await rebuildRevenueRollUp(db);
};

/** The reports' URLs, by figure: this month, year and quarter, earlier ones, a day, a deep page, the CSVs. */
export const reportUrls = (now = new Date()) => {
  const day = (at) => at.toISOString().slice(0, 10);
  const month = day(now).slice(0, 7);
  const monthStart = `${month}-01`;
  const yearAgo = day(new Date(now.getTime() - 365 * 86_400_000));
  const lastMonth = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
  const quarter = (at) => `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
  const earlier = new Date(now.getTime() - 100 * 86_400_000);
  return {
    'revenue report (12 months), JSON and CSV': [
      '/v1/admin/reports/revenue',
      `/v1/admin/reports/revenue?month=${lastMonth}`,
      '/v1/admin/reports/revenue.csv',
    ],
    'VAT report (a quarter), JSON and CSV': [
      '/v1/admin/reports/vat',
      `/v1/admin/reports/vat?quarter=${quarter(earlier)}`,
      `/v1/admin/reports/vat.csv?quarter=${quarter(earlier)}`,
    ],
    'documents of a period (page and totals)': [
      '/v1/admin/reports/documents',
      `/v1/admin/reports/documents?from=${yearAgo}&to=${day(now)}`,
      `/v1/admin/reports/documents?from=${yearAgo}&to=${day(now)}&page=200`,
      `/v1/admin/reports/documents?from=${monthStart}&to=${day(now)}&page=50`,
      `/v1/admin/reports/documents?from=${day(earlier)}&to=${day(earlier)}`,
    ],
  };
};
