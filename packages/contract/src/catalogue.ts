import { namedObject } from './named-object.js';
import { z } from './zod.js';
import { CATALOGUE_PATHS } from './catalogue-paths.js';
import { CUSTOM_PLAN } from './pricing.js';
import { productCodeSchema } from './products.js';
import { contentEndpoints, publicList } from './content.js';
import { ipProductSchema } from './proxies.js';

const euro = z.number().check(z.nonnegative(), z.multipleOf(0.01));

/** A purchasable plan (SPEC.md §3). `price` is per GB for per-GB plans (ISP, premium). */
export const planSchema = namedObject('Plan', {
  id: z.int(),
  type: productCodeSchema,
  name: z.string(),
  price: euro,
  duration: z.int().check(z.positive(), z.describe('hours')),
  ipAmount: z.nullable(z.int()),
  data: z.nullable(z.number()).check(z.describe('GB')),
  add_gb_price: z.nullable(euro),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * The custom datacenter / IPv6 plan's price per day for 1..30 days (index = days − 1), as the operator keeps
 * it in the catalogue: the browser prices the custom plan card from it with the server's rule.
 */
export const customDayPricesSchema = namedObject('CustomDayPrices', {
  type: ipProductSchema,
  prices: z.array(euro).check(z.maxLength(CUSTOM_PLAN.maxDays)),
});
export type CustomDayPrices = z.infer<typeof customDayPricesSchema>;

export const PAYMENT_METHOD_CODES = ['sandbox', 'stripe', 'crypto', 'coingate', 'paddle', 'balance'] as const;
export const paymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

export const paymentMethodSchema = namedObject('PaymentMethod', {
  id: z.int(),
  name: z.string(),
  code: paymentMethodCodeSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const read = publicList('catalogue');

export const catalogueEndpoints = {
  plans: read(
    CATALOGUE_PATHS.plans,
    'Purchasable plans of every product (public; Cache-Control: public, max-age=60)',
    planSchema,
  ),
  customDayPrices: read(
    CATALOGUE_PATHS.customDayPrices,
    'Custom datacenter and IPv6 plans: price per day for 1 to 30 days, per product (public; cached 60 s)',
    customDayPricesSchema,
  ),
  paymentMethods: read('/v1/payment_method/read', 'Payment methods', paymentMethodSchema),
  ...contentEndpoints,
};
