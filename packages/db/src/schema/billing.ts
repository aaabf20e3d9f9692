import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IssuedDocument } from '@proxydesk/contract';
import { documentOwnerId, ownerId, ownerKey } from './accounts.js';
import { coupons, plans } from './catalogue.js';
import { at, createdAt, id } from './columns.js';

export const billingDetails = pgTable('billing_details', {
  userId: ownerKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  zip: text('zip').notNull(),
  country: text('country').notNull(),
  /** A business customer's company name and VAT number (issue #30 item 5); null for a consumer. */
  company: text('company'),
  vatNumber: text('vat_number'),
  /**
   * What VIES said of the VAT number when it was saved (issue #30 item 4): `valid`, or `unverified` when VIES could
   * not answer (the number was accepted and the console flags it); null when not checked (no `VIES_URL`, no number,
   * or a number outside the EU).
   */
  vatCheck: text('vat_check', { enum: ['valid', 'unverified'] }),
  vatCheckedAt: at('vat_checked_at'),
  /** The address the server saw when the details were saved (DESIGN.md §3). */
  ip: text('ip'),
  updatedAt: createdAt(),
});

/**
 * What an invoice buys: a catalogue plan, GB of a normal plan, more GB, a custom plan, balance, or another period
 * of a plan the customer has (`renewal`, its `targetPlanId`).
 */
export const INVOICE_KINDS = [
  'plan',
  'normal',
  'additional_gb',
  'custom',
  'balance',
  'renewal',
  /** An operator's custom line with its own price (issue #30 item 7): paying it provisions nothing. */
  'custom_line',
] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: documentOwnerId(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    planId: integer('plan_id').references(() => plans.id),
    planName: text('plan_name').notNull(),
    /** Price before any coupon, in cents. */
    listPriceCents: integer('list_price_cents').notNull(),
    /** Price to pay after the coupon, in cents. */
    priceCents: integer('price_cents').notNull(),
    dataGb: numeric('data_gb', { mode: 'number' }),
    ipAmount: integer('ip_amount'),
    durationHours: integer('duration_hours'),
    proxyType: text('proxy_type').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    paymentMethod: text('payment_method').notNull(),
    /** The customer plan that additional GB or a renewal extends. */
    targetPlanId: uuid('target_plan_id'),
    paid: boolean('paid').notNull().default(false),
    paidAt: at('paid_at'),
    hostedUrl: text('hosted_url'),
    /** The payment provider's id for this checkout (session, transaction, order). */
    providerRef: text('provider_ref'),
    /**
     * Why the operator should look at this invoice (a payment that did not match it, a coupon used past its
     * limits), `; `-separated; null when nothing is wrong.
     */
    flag: text('flag'),
    /** Set by the job that expires unpaid invoices past their pending hour (their coupon hold ends then). */
    expiredAt: at('expired_at'),
    /** The provider's id of the payment itself (Stripe payment intent, Paddle transaction, CoinGate order). */
    paymentRef: text('payment_ref'),
    /** Referral points this invoice earned the referrer: what a refund takes back. */
    referralPoints: integer('referral_points').notNull().default(0),
    /** Cents the provider says were refunded so far (a partial refund changes nothing else). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Set when the invoice is refunded in full (or its dispute lost): its plan is suspended. */
    refundedAt: at('refunded_at'),
    /**
     * An invoice made by hand in the console (issue #30 item 7) stays payable until this time instead of its
     * pending hour; null for invoices a customer makes.
     */
    dueAt: at('due_at'),
    /** The operator's note printed on a by-hand invoice (the customer reads it). */
    note: text('note'),
    /**
     * Given in the transaction that marks it paid (issue #30 §1, ADR 015): `INV-2026-000123`, one gapless series per
     * calendar year; null while unpaid.
     */
    number: text('number').unique(),
    /**
     * The invoice's sums in cents (VAT 0 and net = total under `TAX_MODE=none`): under `eu-vat` decided when the
     * invoice is made (`priceCents` is the total charged), else when it is issued.
     */
    netCents: integer('net_cents'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }),
    vatCents: integer('vat_cents'),
    /** Why no VAT (outside the EU) or a reverse charge, as the invoice prints it; null otherwise. */
    taxNote: text('tax_note'),
    /** The buyer's country (billing details' full name) when it was issued; null with no billing details. */
    buyerCountry: text('buyer_country'),
    /** The invoice as issued: seller and buyer details, lines and sums, never changed after (a snapshot). */
    document: jsonb('document').$type<IssuedDocument>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_created').on(t.userId, t.createdAt),
    // What the expiry job looks for: unpaid invoices not yet marked expired.
    index('invoices_unpaid_open')
      .on(t.createdAt)
      .where(sql`${t.paid} = false and ${t.expiredAt} is null`),
    check('invoices_price_nonnegative', sql`${t.priceCents} >= 0`),
    // The console's invoice list (issue #17): newest first, alone or by method, product or flag; revenue by day.
    index('invoices_created').on(t.createdAt, t.id),
    index('invoices_method_created').on(t.paymentMethod, t.createdAt),
    index('invoices_product_created').on(t.proxyType, t.createdAt),
    index('invoices_flagged')
      .on(t.createdAt)
      .where(sql`${t.flag} is not null`),
    index('invoices_paid_at')
      .on(t.paidAt)
      .where(sql`${t.paid}`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: ownerId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.invoiceId] }),
    index('coupon_redemptions_customer').on(t.couponId, t.userId),
  ],
);

/** Every provider event, recorded once: the unique key makes webhooks idempotent (DESIGN.md §4). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId)],
);

/**
 * Notifications a provider's webhook refused (bad signature, unreadable), counted per UTC day and provider: what the
 * console's overview shows (issue #17 §2). One row a day per provider, however many arrive.
 */
export const webhookRefusals = pgTable(
  'webhook_refusals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    count: integer('count').notNull().default(0),
    /** Why the last one was refused. */
    lastReason: text('last_reason').notNull(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);

/** A ledger line's part in its invoice: the payment (top-up credit or purchase), or that payment's refund. */
export const LEDGER_ENTRIES = ['payment', 'refund'] as const;

/** The reseller balance is the sum of its ledger, never a bare number. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /**
     * One payment line per invoice (its unique key makes it idempotent), and a refund line for each refund,
     * in full or in part (issue #28 §4), each written once with its provider event (`payment_events`).
     */
    entry: text('entry', { enum: LEDGER_ENTRIES }).notNull().default('payment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_ledger_user').on(t.userId, t.createdAt),
    uniqueIndex('balance_ledger_invoice_payment')
      .on(t.invoiceId)
      .where(sql`${t.entry} = 'payment'`),
  ],
);
