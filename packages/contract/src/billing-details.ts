import { billingBodySchema, billingSchema } from './billing.js';
import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { readOf } from './reads.js';
import { vatNumberProblem } from './vat.js';
import { z } from './zod.js';

/** An optional text field a form sends empty: "" and null both mean "none". */
const optionalText = (label: string, max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} is too long`))));

/** Billing details' fields as Settings and the console send them: the checkout's, with company and VAT number. */
export const billingDetailsShape = {
  first_name: billingBodySchema.shape.first_name,
  last_name: billingBodySchema.shape.last_name,
  company: optionalText('Company', 120),
  vat_number: optionalText('VAT number', 40),
  address: billingBodySchema.shape.address,
  city: billingBodySchema.shape.city,
  zip: billingBodySchema.shape.zip,
  country: billingBodySchema.shape.country,
};

/** A VAT number, when given, has the format of the country's (EU) or is a plain tax number (elsewhere). */
export const vatNumberCheck = z.superRefine(
  (body: { country: string; vat_number?: string | null | undefined }, ctx) => {
    if (!body.vat_number) return;
    const problem = vatNumberProblem(body.country, body.vat_number);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['vat_number'], input: body });
  },
);

/** Billing details as Settings saves them (issue #30 item 5). */
export const billingDetailsBodySchema = z.object(billingDetailsShape).check(vatNumberCheck);
export type BillingDetailsBody = z.input<typeof billingDetailsBodySchema>;

/**
 * The details with when they were last changed (ISO 8601), and what VIES said of the VAT number (issue #30 item 4):
 * `valid`, `unverified` (VIES could not answer when it was saved: accepted, flagged for the operator), or null (not
 * checked).
 */
export const billingDetailsSchema = namedObject('BillingDetails', {
  ...billingSchema.shape,
  updated: z.string(),
  vat_check: z.nullable(z.enum(['valid', 'unverified'])),
});
export type BillingDetailsAnswer = z.infer<typeof billingDetailsSchema>;

const read = readOf('billing', 'user');

/** The customer's own billing details (Settings → Billing details); the checkout's `/v1/billing/*` stay. */
export const billingDetailsEndpoints = {
  read: read(
    '/v1/user/billing-details',
    'The billing details invoices are issued to; null while there are none',
    z.nullable(billingDetailsSchema),
  ),
  save: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/billing-details',
    summary:
      'Correct the billing details (company, VAT number checked for its country): invoices issued after use them',
    tag: 'billing',
    access: 'user',
    body: billingDetailsBodySchema,
    response: withPayload(billingDetailsSchema),
  }),
};
