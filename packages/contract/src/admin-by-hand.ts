import { adminDay, adminReason, customerPost } from './admin-shared.js';
import { billingDetailsShape, vatNumberCheck } from './billing-details.js';
import { paymentMethodCodeSchema } from './catalogue.js';
import { detailOnly, withPayload } from './envelope.js';
import { z } from './zod.js';

/**
 * Money and plans set right by hand in the console (issue #30 items 5 and 7): a customer's billing details, an
 * invoice made for them, one plan's end date or suspension, and staff notes. Operators only, each audited with
 * its reason; the target is a customer or reseller, never staff or oneself.
 */
const euro = (label: string) =>
  z
    .number(`${label} must be a number`)
    .check(
      z.positive(`${label} must be more than 0`),
      z.lte(100_000, `${label} is at most €100,000`),
      z.multipleOf(0.01, `${label} has at most 2 decimals`),
    );

const planId = z.string('Choose a plan').check(z.minLength(1, 'Choose a plan'), z.maxLength(64));

/** An invoice made by hand: a catalogue plan (provisioned like a bought one when paid) or a custom line. */
export const adminInvoiceBodySchema = z
  .object({
    /** A catalogue plan's id; or none, with `description` and `price`, for a custom line. */
    plan: z.optional(
      z.nullable(z.int('Choose a plan').check(z.positive('Choose a plan'), z.lte(2_147_483_647))),
    ),
    /** What a custom line says it sells. */
    description: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(120, 'The description is at most 120 characters'))),
    ),
    /** Euro to pay: a custom line's price, or a catalogue plan's agreed price (none: the catalogue's). */
    price: z.optional(z.nullable(euro('Price'))),
    /** The last UTC day it may be paid (it stays Pending until that day ends). */
    due_date: adminDay,
    /** Printed on the invoice: the customer reads it. */
    note: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(500, 'The note is at most 500 characters'))),
    ),
    /** The provider whose checkout the customer pays through, as on any invoice. */
    payment_method: paymentMethodCodeSchema,
    reason: adminReason,
  })
  .check(
    z.refine((body) => Boolean(body.plan) !== Boolean(body.description), {
      message: 'Choose a catalogue plan or describe a custom line (not both)',
      path: ['plan'],
    }),
    z.refine((body) => Boolean(body.plan) || (body.price ?? 0) > 0, {
      message: 'A custom line needs a price',
      path: ['price'],
    }),
  );
export type AdminInvoiceBody = z.input<typeof adminInvoiceBodySchema>;

/** A customer's billing details as the console corrects them, with the reason. */
export const adminBillingBodySchema = z
  .object({ ...billingDetailsShape, reason: adminReason })
  .check(vatNumberCheck);

export const adminNoteSchema = z.object({
  id: z.int(),
  body: z.string(),
  /** The staff member's username; null once their account is gone. */
  author: z.nullable(z.string()),
  created: z.string(),
});
export type AdminNote = z.infer<typeof adminNoteSchema>;

export const adminByHandEndpoints = {
  setBilling: customerPost(
    'billing-details',
    "Correct a customer's billing details (company, VAT number checked for its country); invoices issued after use them",
    'operator',
    adminBillingBodySchema,
    detailOnly,
  ),
  createInvoice: customerPost(
    'invoices',
    'Make an invoice for a customer: a catalogue plan or a custom line, a due date and a note; the customer pays it on its page, or the operator marks it paid',
    'operator',
    adminInvoiceBodySchema,
    withPayload(z.object({ invoice_id: z.string(), hosted_url: z.nullable(z.string()) })),
  ),
  setPlanEnd: customerPost(
    'plan-end',
    "Move one plan's end date (a later or earlier time, still to come)",
    'operator',
    z.object({
      plan_id: planId,
      expires_at: z.iso.datetime({ offset: true, message: 'The end is an ISO 8601 time' }),
      reason: adminReason,
    }),
    detailOnly,
  ),
  setPlanSuspended: customerPost(
    'plan-suspension',
    'Suspend one plan (the gateways refuse it within their change delay) or resume it',
    'operator',
    z.object({
      plan_id: planId,
      suspended: z.boolean('Say whether the plan is suspended'),
      reason: adminReason,
    }),
    detailOnly,
  ),
  addNote: customerPost(
    'notes',
    'A note on the customer for staff (never shown to the customer)',
    'operator',
    z.object({
      body: z
        .string('Write the note')
        .check(z.trim(), z.minLength(1, 'Write the note'), z.maxLength(2000, 'At most 2,000 characters')),
    }),
    withPayload(adminNoteSchema),
  ),
};
