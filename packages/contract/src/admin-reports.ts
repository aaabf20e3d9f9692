import { ADMIN_TAG as tag, adminDay as day, adminPageQuery } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { paged, withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { z } from './zod.js';

/**
 * The reports an accountant asks for (issue #30 item 9, ADR 015): revenue per month, the documents of a period,
 * VAT by country and rate per quarter. Amounts are cents in JSON and euro with 2 decimals in CSV; credit notes
 * subtract, in the month (or quarter) they were issued in.
 */

/** `YYYY-MM`, a calendar month. */
export const reportMonthSchema = z.string().check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM'),
  z.refine((m) => m >= '2000-01', 'No such month'),
);

/** `YYYY-Qn`, a calendar quarter. */
export const reportQuarterSchema = z.string().check(
  z.regex(/^\d{4}-Q[1-4]$/, 'A quarter is YYYY-Q1 to YYYY-Q4'),
  z.refine((q) => q >= '2000', 'No such quarter'),
);

/** Counts and sums of documents: invoices add, credit notes subtract. */
export const reportSumsSchema = namedObject('ReportSums', {
  invoices: z.int(),
  credit_notes: z.int(),
  net_cents: z.int(),
  vat_cents: z.int(),
  total_cents: z.int(),
});
export type ReportSumsBody = z.infer<typeof reportSumsSchema>;

const monthRow = z.object({ month: z.string(), key: z.string(), ...reportSumsSchema.shape });

export const revenueReportSchema = z.object({
  /** The twelve months, oldest first, each with its sums. */
  months: z.array(z.object({ month: z.string(), ...reportSumsSchema.shape })),
  /** A month's revenue per product (its code; `balance` for top-ups, `custom` for a by-hand line). */
  by_product: z.array(monthRow),
  by_method: z.array(monthRow),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const reportDocumentSchema = namedObject('ReportDocument', {
  kind: z.enum(['invoice', 'credit_note']),
  id: z.string(),
  number: z.string(),
  /** When it was issued: an invoice when paid, a credit note when refunded. */
  date: z.string(),
  customer_id: z.string(),
  username: z.string(),
  buyer_country: z.nullable(z.string()),
  product: z.string(),
  payment_method: z.string(),
  /** A credit note's invoice. */
  invoice_number: z.nullable(z.string()),
  net_cents: z.int(),
  vat_rate: z.number(),
  vat_cents: z.int(),
  total_cents: z.int(),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** A period of whole UTC days; none given: this month so far. */
export const reportPeriodQuerySchema = z.object({ from: z.optional(day), to: z.optional(day) });
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>;

export const documentsReportSchema = z.object({
  ...paged(reportDocumentSchema).shape,
  from: z.string(),
  to: z.string(),
  /** Every document of the period, summed (the totals row). */
  totals: reportSumsSchema,
  /** Of which paid from a reseller's balance: not revenue again (the top-up was). */
  from_balance: reportSumsSchema,
});
export type DocumentsReport = z.infer<typeof documentsReportSchema>;

export const vatReportSchema = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  /** One line per buyer country (`''`: not known) and VAT rate (percent). */
  rows: z.array(z.object({ country: z.string(), vat_rate: z.number(), ...reportSumsSchema.shape })),
  totals: reportSumsSchema,
});
export type VatReport = z.infer<typeof vatReportSchema>;

const revenueQuery = z.object({ month: z.optional(reportMonthSchema) });
const vatQuery = z.object({ quarter: z.optional(reportQuarterSchema) });
const csv = z.string();

export const adminReportEndpoints = {
  revenue: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/revenue',
    summary:
      'Revenue per month for the twelve months up to `month` (this one if none), by product and by payment method: paid invoices minus credit notes, in cents',
    tag,
    access: 'staff',
    query: revenueQuery,
    response: withPayload(revenueReportSchema),
  }),
  revenueCsv: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/revenue.csv',
    summary: 'The revenue report as CSV (text/csv), euro with 2 decimals',
    tag,
    access: 'staff',
    query: revenueQuery,
    response: csv,
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/documents',
    summary:
      'Invoices and credit notes issued from `from` to `to` (UTC days, this month if none), oldest first, ten a page, with the totals row',
    tag,
    access: 'staff',
    query: z.object({ ...reportPeriodQuerySchema.shape, page: adminPageQuery }),
    response: documentsReportSchema,
  }),
  documentsCsv: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/documents.csv',
    summary: 'The documents of a period as CSV (text/csv), every one, with a totals row',
    tag,
    access: 'staff',
    query: reportPeriodQuerySchema,
    response: csv,
  }),
  vat: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/vat',
    summary:
      'VAT by buyer country and rate in a quarter (`YYYY-Qn`, this one if none), what an EU OSS return needs; credit notes subtract',
    tag,
    access: 'staff',
    query: vatQuery,
    response: withPayload(vatReportSchema),
  }),
  vatCsv: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/vat.csv',
    summary: 'The VAT report as CSV (text/csv), euro with 2 decimals',
    tag,
    access: 'staff',
    query: vatQuery,
    response: csv,
  }),
};
