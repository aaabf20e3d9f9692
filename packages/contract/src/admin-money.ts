import { ADMIN_TAG as tag, adminDay as day, adminList, adminReason as reason } from './admin-shared.js';
import { creditNoteSchema, issuedDocumentSchema } from './documents.js';
import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { productCodeSchema } from './products.js';
import { taxQuoteSchema } from './tax-endpoints.js';
import { z } from './zod.js';

/** Money in the console (issue #17 §4): invoices and provider events, filtered, exported, marked paid. */

export const adminInvoiceFilterSchema = z.object({
  status: z.optional(z.enum(['paid', 'pending', 'expired', 'refunded', 'flagged'])),
  method: z.optional(z.string().check(z.maxLength(32))),
  product: z.optional(productCodeSchema),
  /** Created on or after this UTC day. */
  from: z.optional(day),
  /** Created on or before this UTC day. */
  to: z.optional(day),
  /** A customer's id or exact username. */
  customer: z.optional(z.string().check(z.maxLength(64))),
});
export type AdminInvoiceFilter = z.infer<typeof adminInvoiceFilterSchema>;

export const adminInvoiceSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  username: z.string(),
  kind: z.string(),
  product: z.string(),
  plan_name: z.string(),
  /** Euro paid (after the coupon) and before it. */
  price: z.number(),
  list_price: z.number(),
  coupon: z.nullable(z.string()),
  payment_method: z.string(),
  status: z.enum(['paid', 'pending', 'expired', 'refunded']),
  /** Euro refunded so far (in part or in full). */
  refunded: z.number(),
  /** Why the operator should look at it, or null. */
  flag: z.nullable(z.string()),
  created: z.string(),
  paid_at: z.nullable(z.string()),
  /** A by-hand invoice's due time (issue #30 item 7); null: one hour after `created`. */
  due_at: z.optional(z.nullable(z.string())),
  /** Its number once paid (`INV-2026-000123`); null while unpaid. */
  number: z.nullable(z.string()),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminPaymentEventSchema = z.object({
  id: z.int(),
  provider: z.string(),
  event_id: z.string(),
  type: z.string(),
  invoice_id: z.nullable(z.string()),
  received: z.string(),
  payload: z.unknown(),
});

const invoiceId = z.object({ id: z.string().check(z.maxLength(64)) });

/** A refund: why, and the euro to give back (none: all that is left). */
export const adminRefundBodySchema = z.object({
  reason,
  /** Euro to give back; none: all of it. */
  amount: z.optional(
    z.nullable(
      z
        .number('Amount must be a number')
        .check(
          z.positive('Amount must be more than 0'),
          z.lte(1_000_000, 'Amount is too large'),
          z.multipleOf(0.01, 'Amount has at most 2 decimals'),
        ),
    ),
  ),
});

/** How money the operator received by hand came (issue #30 item 7); kept as the invoice's payment method. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'other'] as const;

/**
 * Marking an unpaid invoice paid on the operator's word: why, and (issue #30 item 7) how the money came and its
 * reference (a bank transfer's is required). Without `method` the invoice keeps its own.
 */
export const adminMarkPaidBodySchema = z
  .object({
    reason,
    method: z.optional(z.enum(MANUAL_PAYMENT_METHODS)),
    reference: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(100, 'The reference is at most 100 characters'))),
    ),
  })
  .check(
    z.refine((body) => body.method !== 'bank_transfer' || Boolean(body.reference), {
      message: "Give the bank transfer's reference",
      path: ['reference'],
    }),
  );

export const adminMoneyEndpoints = {
  invoices: adminList(
    'invoices',
    'Invoices by status, method, product, date and customer, newest first; ten a page',
    adminInvoiceFilterSchema.shape,
    adminInvoiceSchema,
  ),
  invoicesCsv: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/invoices.csv',
    summary: 'The filtered invoice list as CSV (text/csv), every page',
    tag,
    access: 'staff',
    query: adminInvoiceFilterSchema,
    response: z.string(),
  }),
  invoice: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/invoices/:id',
    summary: "An invoice with its provider events' timeline",
    tag,
    access: 'staff',
    params: invoiceId,
    response: withPayload(
      z.object({
        invoice: adminInvoiceSchema,
        events: z.array(adminPaymentEventSchema),
        /** The paid invoice as issued; null while unpaid. */
        document: z.nullable(issuedDocumentSchema),
        /** Net, VAT rate, VAT and total as the invoice was made (`TAX_MODE=eu-vat`) or issued; null before. */
        tax: z.nullable(taxQuoteSchema),
        credit_notes: z.array(creditNoteSchema),
      }),
    ),
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/invoices/:id/refund',
    summary:
      "Refund a paid invoice, in full or `amount` euro of it, through its provider's refund API (the sandbox and the balance at once); the provider's event then suspends its plan (a full refund) and takes back what it caused",
    tag,
    access: 'operator',
    params: invoiceId,
    body: adminRefundBodySchema,
    response: detailOnly,
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/invoices/:id/mark-paid',
    summary: 'Mark an unpaid invoice paid (a bank transfer): provisioned like a payment, once',
    tag,
    access: 'operator',
    params: invoiceId,
    body: adminMarkPaidBodySchema,
    response: detailOnly,
  }),
  paymentEvents: adminList(
    'payment-events',
    'Payment provider events, newest first; ten a page',
    {
      provider: z.optional(z.string().check(z.maxLength(32))),
      type: z.optional(z.string().check(z.maxLength(100))),
    },
    adminPaymentEventSchema,
  ),
};
