import {
  ADMIN_TAG as tag,
  adminEuro,
  adminRead,
  adminReason as reason,
  adminTime,
  numericId,
} from './admin-shared.js';
import { paymentMethodCodeSchema } from './catalogue.js';
import { safeLinkSchema } from './content.js';
import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { CUSTOM_PLAN } from './pricing.js';
import { productCodeSchema } from './products.js';
import { ipProductSchema } from './proxies.js';
import { z } from './zod.js';

/**
 * The catalogue, edited live in the console (issue #17 §5): the database is its source of truth (ADR 002). Staff
 * read it; operators change it, each change with a reason and audited with before → after.
 */

const planFields = {
  type: productCodeSchema,
  name: z.string('Give a name').check(z.trim(), z.minLength(1, 'Give a name'), z.maxLength(120)),
  /** Euro; per GB for per-GB plans. */
  price: adminEuro,
  /** Hours. */
  duration: z.int('Duration is whole hours').check(z.positive('Duration is whole hours'), z.lte(24 * 3660)),
  ip_amount: z.nullable(z.int().check(z.positive(), z.lte(100_000))),
  data_gb: z.nullable(z.number().check(z.positive(), z.lte(1_000_000))),
  add_gb_price: z.nullable(adminEuro),
};

export const adminPlanSchema = z.object({
  id: z.int(),
  slug: z.string(),
  ...planFields,
  /** False once retired: kept on the invoices that bought it, no longer sold. */
  active: z.boolean(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const couponFields = {
  code: z
    .string('Give a code')
    .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{2,40}$/, 'A code is 2 to 40 letters, digits, - or _')),
  kind: z.enum(['percent', 'fixed']),
  /** Percent off (1..100), or euro off. */
  value: z.number('Value must be a number').check(z.positive('Value must be above zero'), z.lte(100_000)),
  valid_from: adminTime,
  valid_until: adminTime,
  max_uses: z.nullable(z.int().check(z.positive(), z.lte(10_000_000))),
  once_per_customer: z.boolean(),
  /** Product codes it applies to; null: all. */
  products: z.nullable(z.array(productCodeSchema).check(z.minLength(1), z.maxLength(6))),
  active: z.boolean(),
};

export const adminCouponSchema = z.object({
  id: z.int(),
  ...couponFields,
  /** Paid invoices that used it, and what they brought in (euro). */
  uses: z.int(),
  revenue: z.number(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const faqFields = {
  question: z.string('Give a question').check(z.trim(), z.minLength(1, 'Give a question'), z.maxLength(500)),
  answer: z.string('Give an answer').check(z.trim(), z.minLength(1, 'Give an answer'), z.maxLength(5000)),
};
const socialName = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));
/** A link as the console saves it: https:// or mailto: only (issue #28 item 10). */
const socialLink = z.object({ name: socialName, url: safeLinkSchema });
/** A link as stored: one saved before that rule is shown to the operator (to fix), never to customers. */
const storedSocialLink = z.object({ name: z.string(), url: z.string() });
const announcement = z.object({
  title: z.string('Give a text').check(z.trim(), z.minLength(1, 'Give a text'), z.maxLength(500)),
  status: z.boolean(),
});

export const adminCatalogueSchema = z.object({
  plans: z.array(adminPlanSchema),
  day_prices: z.array(z.object({ type: ipProductSchema, prices: z.array(z.number()) })),
  payment_methods: z.array(z.object({ code: z.string(), name: z.string(), active: z.boolean() })),
  coupons: z.array(adminCouponSchema),
  faqs: z.array(z.object({ id: z.int(), ...faqFields })),
  announcement: z.nullable(announcement),
  social: z.array(storedSocialLink),
  maintenance: z.boolean(),
  /** The share of a datacenter or IPv6 plan's addresses its customer may replace each month (ADR 017). */
  replacement_percent: z.int(),
  /** False for support: the console shows the catalogue read-only. */
  can_edit: z.boolean(),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;

const switchable = { code: z.string(), name: z.string(), active: z.boolean() };
export const adminLocationSchema = z.object({
  ...switchable,
  group: z.string(),
  cities: z.array(z.object({ ...switchable, isps: z.array(z.object(switchable)) })),
});

const locationCode = z.string().check(z.maxLength(64));

export const adminCatalogueEndpoints = {
  catalogue: adminRead(
    '/v1/admin/catalogue',
    'Plans (retired too), day prices, payment methods, coupons, FAQ, announcement, links, maintenance',
    adminCatalogueSchema,
  ),
  locations: adminRead(
    '/v1/admin/locations',
    'Premium locations (countries, cities, ISPs), each on or off',
    z.array(adminLocationSchema),
  ),
  createPlan: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/plans',
    summary: 'Add a plan to the shop',
    tag,
    access: 'operator',
    body: z.object({ ...planFields, reason }),
    response: withPayload(adminPlanSchema),
  }),
  editPlan: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/plans/:id',
    summary:
      "Change a plan's price, name, data, IPs or duration, or sell a retired plan again: invoices keep theirs",
    tag,
    access: 'operator',
    params: numericId,
    body: z.object({ ...z.partial(z.object({ ...planFields, active: z.boolean() })).shape, reason }),
    response: withPayload(adminPlanSchema),
  }),
  retirePlan: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/plans/:id/retire',
    summary: 'Stop selling a plan; it stays on the invoices and plans that bought it',
    tag,
    access: 'operator',
    params: numericId,
    body: z.object({ reason }),
    response: withPayload(adminPlanSchema),
  }),
  setDayPrices: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/day-prices/:type',
    summary: "A custom plan's price per day for 1..30 days",
    tag,
    access: 'operator',
    params: z.object({ type: ipProductSchema }),
    body: z.object({
      prices: z.array(adminEuro).check(z.length(CUSTOM_PLAN.maxDays, 'One price for each of 1..30 days')),
      reason,
    }),
    response: detailOnly,
  }),
  setPaymentMethods: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/payment-methods',
    summary: 'Payment methods on or off, in the order the checkout lists them',
    tag,
    access: 'operator',
    body: z.object({
      methods: z
        .array(z.object({ code: paymentMethodCodeSchema, active: z.boolean() }))
        .check(z.maxLength(20)),
      reason,
    }),
    response: detailOnly,
  }),
  createCoupon: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/coupons',
    summary: 'Create a promo code',
    tag,
    access: 'operator',
    body: z.object({ ...couponFields, reason }),
    response: withPayload(adminCouponSchema),
  }),
  editCoupon: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/coupons/:id',
    summary: "Change a promo code's terms, or disable it (active: false)",
    tag,
    access: 'operator',
    params: numericId,
    body: z.object({ ...z.partial(z.object(couponFields)).shape, reason }),
    response: withPayload(adminCouponSchema),
  }),
  createFaq: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/faqs',
    summary: 'Add a question to the FAQ, last',
    tag,
    access: 'operator',
    body: z.object({ ...faqFields, reason }),
    response: detailOnly,
  }),
  editFaq: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/faqs/:id',
    summary: 'Change a question of the FAQ',
    tag,
    access: 'operator',
    params: numericId,
    body: z.object({ ...faqFields, reason }),
    response: detailOnly,
  }),
  deleteFaq: defineEndpoint({
    method: 'DELETE',
    path: '/v1/admin/faqs/:id',
    summary: 'Remove a question from the FAQ',
    tag,
    access: 'operator',
    params: numericId,
    body: z.object({ reason }),
    response: detailOnly,
  }),
  orderFaqs: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/faqs',
    summary: 'The order of the FAQ: every question id, first to last',
    tag,
    access: 'operator',
    body: z.object({ ids: z.array(z.int()).check(z.maxLength(1000)), reason }),
    response: detailOnly,
  }),
  setAnnouncement: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/announcement',
    summary: "The dashboard's announcement, shown or not",
    tag,
    access: 'operator',
    body: z.object({ ...announcement.shape, reason }),
    response: detailOnly,
  }),
  setSocialLinks: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/social-links',
    summary: 'The social links, in order (replaces the list)',
    tag,
    access: 'operator',
    body: z.object({ links: z.array(socialLink).check(z.maxLength(20)), reason }),
    response: detailOnly,
  }),
  setMaintenance: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/maintenance',
    summary: 'Show the maintenance page to customers, or not',
    tag,
    access: 'operator',
    body: z.object({ status: z.boolean(), reason }),
    response: detailOnly,
  }),
  setReplacementQuota: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/replacement-quota',
    summary:
      "The share of a datacenter or IPv6 plan's addresses its customer may replace each month (at least 1)",
    tag,
    access: 'operator',
    body: z.object({
      percent: z.int().check(z.gte(1, 'At least 1 %'), z.lte(100, 'At most 100 %')),
      reason,
    }),
    response: detailOnly,
  }),
  setLocation: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/locations',
    summary: 'Switch a premium country, city (with country) or ISP (with country and city) on or off',
    tag,
    access: 'operator',
    body: z.object({
      country: locationCode,
      city: z.optional(locationCode),
      isp: z.optional(locationCode),
      active: z.boolean(),
      reason,
    }),
    response: detailOnly,
  }),
};
