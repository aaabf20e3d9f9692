import type { IssuedDocument } from '@proxydesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { documentOwnerId } from './accounts.js';
import { invoices } from './billing.js';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * The shop as the seller on its documents (issue #30 §3, ADR 015): one row, edited in the console; its first
 * values come from the `SELLER_*` / `SUPPORT_URL` variables. Issued documents copy it (a snapshot), so an edit
 * never changes a past document.
 */
export const shopIdentity = pgTable(
  'shop_identity',
  {
    id: integer('id').primaryKey().default(1),
    sellerName: text('seller_name'),
    /** Lines split by newlines. */
    sellerAddress: text('seller_address'),
    vatNumber: text('vat_number'),
    registrationNumber: text('registration_number'),
    email: text('email'),
    supportUrl: text('support_url'),
    /** The invoice numbers' prefix (`INV` → `INV-2026-000123`); credit notes are `CN-…`. */
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    /** A line at the foot of every document (bank details, a legal note). */
    footer: text('footer'),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_identity_one_row', sql`${t.id} = 1`)],
);

/** What a document series counts: paid invoices, and credit notes (ADR 015). */
export const DOCUMENT_SERIES = ['invoice', 'credit-note'] as const;

/**
 * The last number given in a series and calendar year (UTC): taken with `insert … on conflict do update …
 * returning` in the transaction that issues the document, so the row stays locked until it commits and the
 * numbers have no gap and no duplicate (issue #30 §1).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: DOCUMENT_SERIES }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * A credit note: every refund, in full or in part, issues one in its own series (`CN-2026-000007`) in the
 * refund's transaction (issue #30 §2), naming the invoice, the amount and why.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    number: text('number').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    userId: documentOwnerId(),
    /** The refund's amount, in cents, VAT included; `netCents` + `vatCents`. */
    totalCents: integer('total_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** The buyer's country as the invoice it credits was issued to (null: none was known). */
    buyerCountry: text('buyer_country'),
    reason: text('reason').notNull(),
    /** The credit note as issued: seller, buyer, lines and sums (never changed after). */
    document: jsonb('document').$type<IssuedDocument>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_invoice').on(t.invoiceId, t.createdAt),
    index('credit_notes_created').on(t.createdAt),
  ],
);

/**
 * The accountant's reports (issue #30 item 9, ADR 015) read this roll-up, not a million invoices: one row per UTC
 * day, product, payment method, buyer country and VAT rate, added to in the transaction that issues each invoice
 * (`+`) or credit note (`−`), so it always agrees with the documents. `country` is '' when none was known.
 */
export const revenueDays = pgTable(
  'revenue_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    method: text('method').notNull(),
    country: text('country').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    invoices: integer('invoices').notNull().default(0),
    creditNotes: integer('credit_notes').notNull().default(0),
    /** Invoices' sums minus credit notes', in cents. */
    netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.product, t.method, t.country, t.vatRate] })],
);
