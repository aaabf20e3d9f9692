import type {
  DocumentsReport,
  ReportDocument,
  ReportPeriodQuery,
  ReportSumsBody,
  RevenueReport,
  VatReport,
} from '@proxydesk/contract';
import {
  documentsOfPeriod,
  periodTotals,
  revenueByMonth,
  vatByCountry,
  type Db,
  type DocumentCursor,
  type ReportPeriod,
  type ReportSums,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { csvRow, euroText } from '@proxydesk/contract';

const PAGE_SIZE = 10;
const CSV_BATCH = 5000;
const MONTHS = 12;

/** `YYYY-MM-DD` of a UTC date. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const monthStart = (year: number, month0: number) => dayOf(new Date(Date.UTC(year, month0, 1)));
const nextDay = (day: string) => dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000));

/** The twelve months up to `month` (`YYYY-MM`, this one if none): their names and their period. */
export const revenueMonths = (month: string | undefined, now = new Date()) => {
  const [year, month1] = month ? month.split('-').map(Number) : [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const last = (year ?? 0) * 12 + (month1 ?? 1) - 1;
  const names = Array.from({ length: MONTHS }, (_, i) => {
    const m = last - MONTHS + 1 + i;
    return monthStart(Math.floor(m / 12), m % 12).slice(0, 7);
  });
  const period = {
    from: monthStart(Math.floor((last - MONTHS + 1) / 12), (last - MONTHS + 1) % 12),
    until: monthStart(Math.floor((last + 1) / 12), (last + 1) % 12),
  };
  return { names, period };
};

/** A quarter (`YYYY-Qn`, this one if none) as a period of days. */
export const quarterPeriod = (quarter: string | undefined, now = new Date()) => {
  const year = quarter ? Number(quarter.slice(0, 4)) : now.getUTCFullYear();
  const q = quarter ? Number(quarter.slice(6)) : Math.floor(now.getUTCMonth() / 3) + 1;
  const from = monthStart(year, (q - 1) * 3);
  const until = monthStart(year, q * 3);
  return { name: `${year}-Q${q}`, from, until };
};

/** The days asked for (this month so far if none), `to` included. */
const documentsPeriod = (query: ReportPeriodQuery, now = new Date()) => {
  const from = query.from ?? monthStart(now.getUTCFullYear(), now.getUTCMonth());
  const to = query.to ?? dayOf(now);
  if (to < from)
    throw new HttpError(400, 'The period ends before it starts: pick a "to" day on or after "from"');
  return { from, to, period: { from, until: nextDay(to) } satisfies ReportPeriod };
};

const sumsBody = (sums: ReportSums): ReportSumsBody => ({
  invoices: sums.invoices,
  credit_notes: sums.creditNotes,
  net_cents: sums.netCents,
  vat_cents: sums.vatCents,
  total_cents: sums.totalCents,
});

const NO_SUMS: ReportSums = { invoices: 0, creditNotes: 0, netCents: 0, vatCents: 0, totalCents: 0 };
const plus = (a: ReportSums, b: ReportSums): ReportSums => ({
  invoices: a.invoices + b.invoices,
  creditNotes: a.creditNotes + b.creditNotes,
  netCents: a.netCents + b.netCents,
  vatCents: a.vatCents + b.vatCents,
  totalCents: a.totalCents + b.totalCents,
});

const documentOf = (row: Awaited<ReturnType<typeof documentsOfPeriod>>[number]): ReportDocument => ({
  kind: row.kind,
  id: row.id,
  number: row.number,
  date: row.at.toISOString(),
  customer_id: row.customerId,
  username: row.username,
  buyer_country: row.buyerCountry,
  product: row.product,
  payment_method: row.method,
  invoice_number: row.invoiceNumber,
  net_cents: row.netCents,
  vat_rate: row.vatRate,
  vat_cents: row.vatCents,
  total_cents: row.totalCents,
});

const SUM_COLUMNS = ['invoices', 'credit_notes', 'net', 'vat', 'total'] as const;
const sumFields = (sums: ReportSumsBody) => [
  sums.invoices,
  sums.credit_notes,
  euroText(sums.net_cents),
  euroText(sums.vat_cents),
  euroText(sums.total_cents),
];

/** The reports an accountant asks for (issue #30 item 9): JSON for the console, CSV for the spreadsheet. */
export const createAdminReportsService = (db: Db) => {
  const revenue = async (month: string | undefined): Promise<RevenueReport> => {
    const { names, period } = revenueMonths(month);
    const [byProduct, byMethod] = await Promise.all([
      revenueByMonth(db, period, 'product'),
      revenueByMonth(db, period, 'method'),
    ]);
    const row = ({ month: m, key, ...sums }: (typeof byProduct)[number]) => ({
      month: m,
      key,
      ...sumsBody(sums),
    });
    const months = names.map((name) => ({
      month: name,
      ...sumsBody(byProduct.filter((r) => r.month === name).reduce(plus, NO_SUMS)),
    }));
    return { months, by_product: byProduct.map(row), by_method: byMethod.map(row) };
  };

  const documents = async (query: ReportPeriodQuery, page: number, pageUrl: (page: number) => string) => {
    const { from, to, period } = documentsPeriod(query);
    const [rows, totals] = await Promise.all([
      documentsOfPeriod(db, period, { limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }),
      periodTotals(db, period),
    ]);
    const count = totals.all.invoices + totals.all.creditNotes;
    return {
      count,
      next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
      results: rows.map(documentOf),
      from,
      to,
      totals: sumsBody(totals.all),
      from_balance: sumsBody(totals.fromBalance),
    } satisfies DocumentsReport;
  };

  const vat = async (quarter: string | undefined): Promise<VatReport> => {
    const { name, from, until } = quarterPeriod(quarter);
    const rows = await vatByCountry(db, { from, until });
    return {
      quarter: name,
      from,
      to: dayOf(new Date(new Date(`${until}T00:00:00Z`).getTime() - 86_400_000)),
      rows: rows.map(({ country, vatRate, ...sums }) => ({ country, vat_rate: vatRate, ...sumsBody(sums) })),
      totals: sumsBody(rows.reduce(plus, NO_SUMS)),
    };
  };

  return {
    revenue,
    documents,
    vat,

    revenueCsv: async function* (month: string | undefined) {
      const report = await revenue(month);
      yield csvRow(['month', 'by', 'key', ...SUM_COLUMNS]);
      for (const [by, rows] of [
        ['product', report.by_product],
        ['payment_method', report.by_method],
      ] as const)
        for (const row of rows) yield csvRow([row.month, by, row.key, ...sumFields(row)]);
      for (const row of report.months) yield csvRow([row.month, 'total', '', ...sumFields(row)]);
    },

    /** Checks the period at once (a 400 before any CSV is sent), then streams every document in batches. */
    documentsCsv: (query: ReportPeriodQuery) => {
      const { from, to, period } = documentsPeriod(query);
      return { name: `documents-${from}-${to}`, lines: documentLines(db, period) };
    },

    vatCsv: async function* (quarter: string | undefined) {
      const report = await vat(quarter);
      yield csvRow(['quarter', 'country', 'vat_rate', ...SUM_COLUMNS]);
      for (const row of report.rows)
        yield csvRow([report.quarter, row.country, row.vat_rate.toFixed(2), ...sumFields(row)]);
      yield csvRow([report.quarter, 'total', '', ...sumFields(report.totals)]);
    },
  };
};

/** The documents of a period as CSV lines, `CSV_BATCH` rows a query (each after the last: no offset), then totals. */
async function* documentLines(db: Db, period: ReportPeriod) {
  yield csvRow([
    'kind',
    'number',
    'date',
    'customer',
    'customer_id',
    'buyer_country',
    'product',
    'payment_method',
    'invoice_number',
    'net',
    'vat_rate',
    'vat',
    'total',
  ]);
  for (let cursor: DocumentCursor | undefined; ;) {
    const rows = await documentsOfPeriod(db, period, { limit: CSV_BATCH, cursor });
    for (const row of rows.map(documentOf))
      yield csvRow([
        row.kind,
        row.number,
        row.date,
        row.username,
        row.customer_id,
        row.buyer_country,
        row.product,
        row.payment_method,
        row.invoice_number,
        euroText(row.net_cents),
        row.vat_rate.toFixed(2),
        euroText(row.vat_cents),
        euroText(row.total_cents),
      ]);
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH) break;
    cursor = { at: last.cursor, id: last.id };
  }
  const { all } = await periodTotals(db, period);
  yield csvRow([
    'total',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    euroText(all.netCents),
    '',
    euroText(all.vatCents),
    euroText(all.totalCents),
  ]);
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
