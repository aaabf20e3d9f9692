import { paymentMethodCodeSchema } from './catalogue.js';
import { canonicalCountry } from './countries.js';
import { creditNoteSchema, issuedDocumentSchema } from './documents.js';
import { defineEndpoint } from './endpoint.js';
import { paged, pageQuery, withPayload } from './envelope.js';
import { orEmpty } from './form.js';
import { namedObject } from './named-object.js';
import { CUSTOM_PLAN, GB_SLIDER } from './pricing.js';
import { productCodeSchema } from './products.js';
import { readOf } from './reads.js';
import { taxQuoteSchema } from './tax-endpoints.js';
import { z } from './zod.js';

const required = (label: string, max = 120) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`));

/** Billing details (SPEC.md §3); every field required, the country one of the list (SPEC.md §5). */
export const billingBodySchema = z.object({
  first_name: required('First name', 80),
  last_name: required('Last name', 80),
  address: required('Address', 200),
  city: required('City', 80),
  zip: required('ZIP', 20),
  /** Stored as the list writes it; other spellings of a listed country are taken ("turkey", "USA"). */
  country: z.pipe(
    z
      .string()
      .check(z.refine((name) => canonicalCountry(name) !== undefined, 'Choose a country from the list')),
    z.transform((name) => canonicalCountry(name) ?? name),
  ),
  /** The visitor's public address as the browser saw it; the server records the one it sees (DESIGN.md §3). */
  ip: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type BillingBody = z.input<typeof billingBodySchema>;

export const billingSchema = namedObject('Billing', {
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  ip: z.nullable(z.string()),
  /** A business customer's company and VAT number (issue #30 item 5); null for a consumer. */
  company: z.optional(z.nullable(z.string())),
  vat_number: z.optional(z.nullable(z.string())),
});
export type Billing = z.infer<typeof billingSchema>;

/** The shop as the seller on its invoices: the SELLER_* settings (issue #19); address lines split by newlines. */
export const sellerSchema = namedObject('Seller', {
  name: z.string(),
  address: z.nullable(z.string()),
  vat: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type Seller = z.infer<typeof sellerSchema>;

/** An invoice as SPEC.md §3 names its fields; `status` is true once paid. */
export const invoiceSchema = namedObject('Invoice', {
  id: z.string(),
  plan_name: z.string(),
  /** Euro to pay, after the promo code. */
  plan_price: z.number(),
  /** Euro before the promo code. */
  list_price: z.number(),
  /** GB bought, for data plans. */
  plan_data: z.nullable(z.number()),
  ip_amount: z.nullable(z.int()),
  /** Hours the plan runs. */
  duration: z.nullable(z.int()),
  proxy_type: z.string(),
  coupon: z.nullable(z.string()),
  payment_method: z.string(),
  status: z.boolean(),
  /** Refunded in full (or its dispute lost): its plan is suspended. */
  refunded: z.boolean(),
  /** Unpaid and marked expired by the expiry job (its checkout closed, its promo code free again). */
  expired: z.boolean(),
  /** Euro refunded so far (a partial refund leaves the invoice paid). */
  refunded_amount: z.number(),
  created: z.string(),
  /** Where to pay: a payment page URL (or a checkout session's URL); null once paid from the balance. */
  hosted_url: z.nullable(z.string()),
  /** When the payment arrived; null while unpaid (issue #19: the invoice page shows it). */
  paid_at: z.optional(z.nullable(z.string())),
  /** A by-hand invoice's due time (issue #30 item 7): Pending until then; null: one hour after `created`. */
  due_at: z.optional(z.nullable(z.string())),
  /** The operator's note on a by-hand invoice, for the customer; null for none. */
  note: z.optional(z.nullable(z.string())),
  /** Its number once paid (`INV-2026-000123`, issue #30 §1); null while unpaid: an unpaid invoice has its id only. */
  number: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const coupon = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64, 'Promo code is too long'))));
/** A plan's id: a positive 32-bit integer, as the database keeps it. */
const planId = z.int().check(z.positive('Choose a plan'), z.lte(2_147_483_647, 'Choose a plan'));
const paymentMethod = paymentMethodCodeSchema;

export const createInvoiceBodySchema = z.object({
  payment_method: paymentMethod,
  coupon,
  plan: planId,
  /** The product the page sells (SPEC.md §7 "and proxyType"); must match the plan's when given. */
  proxyType: z.optional(orEmpty(productCodeSchema)),
});

/** Another period of a plan the customer has (issue #16 §5): `plan_id` is the customer plan's id. */
export const renewInvoiceBodySchema = z.object({
  payment_method: paymentMethod,
  coupon,
  plan_id: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64)),
});

/** What renewing a plan costs today: the Renew button's checkout shows it before the invoice is made. */
export const renewalQuoteSchema = namedObject('RenewalQuote', { plan_name: z.string(), price: z.number() });
export type RenewalQuote = z.infer<typeof renewalQuoteSchema>;

export const createNormalInvoiceBodySchema = z.object({
  payment_method: paymentMethod,
  coupon,
  plan: planId,
  gb: z.int().check(z.positive('Choose how many GB'), z.lte(GB_SLIDER.max, `At most ${GB_SLIDER.max} GB`)),
});

export const buyAdditionalBodySchema = z.object({
  payment_method: paymentMethod,
  coupon,
  plan: planId,
  /** GB to add. */
  amount: z
    .int()
    .check(z.positive('Add at least 1 GB'), z.lte(GB_SLIDER.max, `At most ${GB_SLIDER.max} GB at once`)),
  /** The product whose current plan gets the GB. */
  plan_type: productCodeSchema,
});

export const customCheckoutBodySchema = z.object({
  payment_method: paymentMethod,
  coupon,
  days: z.int().check(z.gte(CUSTOM_PLAN.minDays, 'Invalid Days'), z.lte(CUSTOM_PLAN.maxDays, 'Invalid Days')),
  ips: z.int().check(z.gte(CUSTOM_PLAN.minIps, 'Invalid Ips'), z.lte(CUSTOM_PLAN.maxIps, 'Invalid Ips')),
  proxyType: z.enum(['PR_4', 'PR_5']),
});

/** Reseller top-up, in euro (SPEC.md §5: required, numeric; we also need it above zero and sane). */
export const balanceInvoiceBodySchema = z.object({
  amount: z
    .number()
    .check(
      z.positive('Amount must be more than 0'),
      z.lte(10_000, 'At most €10,000 at once'),
      z.multipleOf(0.01, 'At most 2 decimals'),
    ),
  payment_method: paymentMethod,
});

const hostedUrlAnswer = withPayload(z.object({ hosted_url: z.nullable(z.string()), invoice_id: z.string() }));

const createPost = <B extends z.ZodMiniType>(
  path: string,
  summary: string,
  access: 'user' | 'reseller',
  body: B,
) =>
  defineEndpoint({ method: 'POST', path, summary, tag: 'invoice', access, body, response: hostedUrlAnswer });

/** One line of the reseller balance's ledger: top-ups positive, purchases negative (euro). */
export const balanceEntrySchema = namedObject('BalanceEntry', {
  id: z.int(),
  amount: z.number(),
  reason: z.string(),
  invoice_id: z.nullable(z.string()),
  created: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

/** A promo code as it would apply now for this customer: percent off, or euros off. */
export const couponSchema = namedObject('Coupon', {
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;

const read = readOf('billing', 'user');

export const billingEndpoints = {
  read: read('/v1/billing/read', 'The billing details; 404 while there are none', billingSchema),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/billing/create',
    summary: 'Save the billing details (replaces the previous ones)',
    tag: 'billing',
    access: 'user',
    body: billingBodySchema,
    response: withPayload(billingSchema),
  }),
};

export const balanceEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/v1/balance/history',
    summary: 'The reseller balance ledger, newest first, ten a page',
    tag: 'balance',
    access: 'reseller',
    query: z.object({ page: pageQuery }),
    response: paged(balanceEntrySchema),
  }),
};

export const couponEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/v1/coupon/check',
    summary: 'Would this promo code apply now? The same checks as at checkout',
    tag: 'invoice',
    access: 'user',
    query: z.object({
      code: z.string().check(z.trim(), z.minLength(1, 'Promo code is required'), z.maxLength(64)),
    }),
    response: withPayload(couponSchema),
  }),
};

export const invoiceEndpoints = {
  create: createPost('/v1/invoice/create', 'Buy a catalogue plan', 'user', createInvoiceBodySchema),
  createNormal: createPost(
    '/v1/invoice/create-normal',
    'Buy a normal (PR_3) plan with the GB slider',
    'user',
    createNormalInvoiceBodySchema,
  ),
  buyAdditional: createPost(
    '/v1/invoice/buyAdditional',
    'Buy more GB for the current plan of a product',
    'user',
    buyAdditionalBodySchema,
  ),
  customCheckout: createPost(
    '/v1/invoice/dc-ip-custom-checkout',
    'Buy a custom datacenter or IPv6 plan',
    'user',
    customCheckoutBodySchema,
  ),
  renew: createPost(
    '/v1/invoice/renew',
    "Renew a plan you have: the same plan at today's price, extended from its end (same addresses, whitelist and name)",
    'user',
    renewInvoiceBodySchema,
  ),
  renewQuote: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/renew-quote',
    summary: "What renewing a plan you have costs today, before any coupon (the Renew button's checkout)",
    tag: 'invoice',
    access: 'user',
    query: z.object({ plan_id: renewInvoiceBodySchema.shape.plan_id }),
    response: withPayload(renewalQuoteSchema),
  }),
  createBalance: createPost(
    '/v1/invoice/create-balance-invoice',
    'Top up the reseller balance',
    'reseller',
    balanceInvoiceBodySchema,
  ),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/read',
    summary: 'The invoices, newest first, ten a page',
    tag: 'invoice',
    access: 'user',
    query: z.object({ page: pageQuery }),
    response: paged(invoiceSchema),
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/read/:invoice_id',
    summary: 'One invoice with the billing details',
    tag: 'invoice',
    access: 'user',
    params: z.object({ invoice_id: z.string().check(z.maxLength(64)) }),
    response: withPayload(
      z.object({
        invoice: invoiceSchema,
        billing: z.nullable(billingSchema),
        /** The seller as issued on a paid invoice; the shop's current identity on an unpaid one. */
        seller: sellerSchema,
        /** The paid invoice as issued (seller, buyer, lines, net, VAT, total); null while unpaid. */
        document: z.nullable(issuedDocumentSchema),
        /** Net, VAT rate, VAT and total as the invoice was made (`TAX_MODE=eu-vat`) or issued; null before. */
        tax: z.nullable(taxQuoteSchema),
        /** Its credit notes (a refund issues one), oldest first. */
        credit_notes: z.array(creditNoteSchema),
      }),
    ),
  }),
};
