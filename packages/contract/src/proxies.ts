import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { orEmpty } from './form.js';
import { namedObject } from './named-object.js';
import { GENERATOR_LIMITS, lifetimeMinutes } from './proxy-lines.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

/** IPv4 or IPv6 literal, checked the same way in the browser and on the server (DESIGN.md §4). */
export const isIpLiteral = (value: string): boolean =>
  z.regexes.ipv4.test(value) || z.regexes.ipv6.test(value);

/** `0.0.0.0` and `::` name no host: whitelisted, they would let nobody in. */
const isUnspecified = (value: string): boolean => value === '0.0.0.0' || /^[0:]+$/.test(value);

export const ipSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'IP address is required'),
  z.maxLength(45, 'Not an IP address'),
  z.refine(isIpLiteral, 'Enter an IPv4 or IPv6 address'),
  z.refine((value) => !isUnspecified(value), 'Enter the IP you connect from, not 0.0.0.0 or ::'),
);

/** Products activated with an IP and sold by the IP: datacenter and IPv6. */
export const ipProductSchema = z.enum(['PR_4', 'PR_5']);
export type IpProduct = z.infer<typeof ipProductSchema>;

/** SPEC.md §7 sends `ips` as one address or a list of one; the first is whitelisted. */
const ipsSchema = z.union([
  ipSchema,
  z.array(ipSchema).check(z.minLength(1, 'IP address is required'), z.maxLength(10)),
]);

export const whitelistedIpSchema = namedObject('WhitelistedIp', { id: z.string(), ip: z.string() });
export type WhitelistedIp = z.infer<typeof whitelistedIpSchema>;

/**
 * A location, city or ISP code. Empty means "any" (issue #19): SPEC.md's form sends `city: ""`, `isp: ""`
 * and, for Random, `country: ""` when nothing is chosen.
 */
const code = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(40),
      z.regex(/^[a-z0-9_-]*$/, `Not a ${label.toLowerCase()}`),
    );

/**
 * SPEC.md §7 generate-proxy. `normal` is the one-button generator; `premium` takes location, type and
 * quantity (1–100 on the /proxy page; 1–10,000 on the product pages, which name their `product`).
 */
export const generateProxyBodySchema = z
  .object({
    proxy_type: z.enum(['normal', 'premium']),
    type: z.optional(orEmpty(z.enum(['sticky', 'rotating']))),
    amount: z.optional(
      z
        .int()
        .check(
          z.gte(1, 'Quantity is at least 1'),
          z.lte(GENERATOR_LIMITS.productPage.max, 'Quantity is at most 10000'),
        ),
    ),
    country: z.optional(code('Location')),
    ptype: z.optional(orEmpty(z.enum(['http', 'sock']))),
    city: z.optional(z.nullable(code('City'))),
    isp: z.optional(z.nullable(code('ISP'))),
    product: z.optional(orEmpty(z.enum(['PR_2', 'PR_6']))),
    /** A sticky line's session lifetime, `1m` to `24h` (issue #31 item 5); empty or absent: 10 minutes. */
    lifetime: z.optional(
      orEmpty(
        z.string().check(
          z.trim(),
          z.refine(
            (value) => lifetimeMinutes(value) !== null,
            'Session lifetime is 1m to 24h (minutes or hours, like 30m or 2h)',
          ),
        ),
      ),
    ),
    /** Lines for one of your sub-users of the product (its own credentials); absent or "": your own. */
    subuser: z.optional(orEmpty(z.string().check(z.maxLength(64)))),
  })
  .check(
    z.refine(
      (body) =>
        body.proxy_type === 'normal' ||
        (Boolean(body.type) && body.amount !== undefined && body.country !== undefined),
      {
        message: 'Location, type and quantity are required',
        path: ['country'],
      },
    ),
    z.refine((body) => Boolean(body.product) || (body.amount ?? 1) <= GENERATOR_LIMITS.proxyPage.max, {
      message: `Quantity is at most ${GENERATOR_LIMITS.proxyPage.max} here`,
      path: ['amount'],
    }),
    z.refine((body) => !body.isp || Boolean(body.city), {
      message: 'Choose a city for an ISP',
      path: ['isp'],
    }),
    z.refine((body) => !body.lifetime || body.type === 'sticky', {
      message: 'A session lifetime is for sticky lines',
      path: ['lifetime'],
    }),
  );
export type GenerateProxyBody = z.input<typeof generateProxyBodySchema>;

export const generatedProxiesSchema = z.object({
  username: z.string(),
  password: z.string(),
  /** The gateway host(s) the lines point at. */
  ips: z.array(z.string()),
  proxies: z.array(z.string()),
});

const option = z.object({ code: z.string(), name: z.string() });
/** Locations for the premium generator (SPEC.md §3 country stats), in catalogue order with their group; the most-bought. */
export const countryStatsSchema = namedObject('CountryStats', {
  countries: z.object({
    countries: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        /** `special` (Private Proxy, Sneaker) or the continent. */
        group: z.string(),
        cities: z.object({
          options: z.array(
            z.object({ code: z.string(), name: z.string(), isps: z.object({ options: z.array(option) }) }),
          ),
        }),
      }),
    ),
  }),
  /**
   * The most-bought countries' codes, most first (issue #33 item 6): the billing countries of the shop's paid
   * orders, at most five. The generator lists them above the rest.
   */
  popular: z.array(z.string()),
});
export type CountryStats = z.infer<typeof countryStatsSchema>;

const usageDay = z.object({ date: z.string(), gb: z.number() });

/** A datacenter / IPv6 plan on its product page (SPEC.md §3 plan data). */
export const ipPlanSchema = z.object({
  id: z.string(),
  planName: z.string(),
  /** `suspended`: its invoice was refunded or its payment disputed and lost; the gateway refuses it. */
  status: z.enum(['pending', 'active', 'expired', 'suspended']),
  /** Reseller's switch: the balance pays the renewal 24 h before the end. */
  auto_renew: z.boolean(),
  /** The balance could not pay this period's renewal (the reseller was mailed). */
  auto_renew_failed: z.boolean(),
  invoice: z.object({ plan_name: z.string(), ipAmount: z.nullable(z.int()) }),
  expiry_date: z.nullable(z.string()),
  /** Whitelisted IPs in use; the allowance is invoice.ipAmount. */
  activeIps: z.int(),
});
export type IpPlan = z.infer<typeof ipPlanSchema>;

/** A GB plan (ISP, premium, residential) on its product page: the newest active one (or a suspended one, to say so). */
export const dataPlanSchema = z.object({
  id: z.string(),
  planName: z.string(),
  status: z.enum(['active', 'suspended']),
  auto_renew: z.boolean(),
  auto_renew_failed: z.boolean(),
  expiry_date: z.nullable(z.string()),
  data: z.number(),
});

const common = { have_plan: z.boolean(), isPendingPlan: z.boolean(), usage_stats: z.array(usageDay) };

/** The ISP page's shape (SPEC.md §3), which the residential page shares: its plan, and GB used of GB bought. */
const usedOfBoughtPage = z.object({
  ...common,
  plan_data: z.nullable(dataPlanSchema),
  user_data: z.object({ data: z.object({ traffic: z.number(), bandwidth: z.number() }) }),
});

/** GET /v1/user/dashboard (SPEC.md §3): each product page's figures from the real plans and usage. */
export const productDashboardSchema = namedObject('ProductDashboard', {
  PR_2: usedOfBoughtPage,
  PR_6: z.object({
    ...common,
    plan_data: z.nullable(dataPlanSchema),
    user_data: z.object({ data: z.object({ availableTraffic: z.number(), usedTraffic: z.number() }) }),
  }),
  PR_4: z.object({
    ...common,
    plan_data: z.array(ipPlanSchema),
    user_data: z.null(),
    proxies: z.array(z.string()),
    ipAmount: z.int(),
  }),
  PR_5: z.object({ ...common, plan_data: z.array(ipPlanSchema), user_data: z.null() }),
  /** Added to SPEC.md §3's four: the normal residential plan (PR_3, topped up by PR_1) of /product/residential. */
  PR_3: usedOfBoughtPage,
});
export type ProductDashboard = z.infer<typeof productDashboardSchema>;

/** A reseller's auto-renew switch on one plan (issue #16 §5): 24 h before the end, the balance pays the renewal. */
export const autoRenewBodySchema = z.object({
  plan_id: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64)),
  enabled: z.boolean(),
});
export type AutoRenewBody = z.infer<typeof autoRenewBodySchema>;

const read = readOf('proxies', 'user');

export const proxyEndpoints = {
  setAutoRenew: defineEndpoint({
    method: 'POST',
    path: '/v1/user/auto-renew',
    summary:
      'Resellers: renew a plan from the balance 24 hours before it ends (a mail says so if the balance falls short)',
    tag: 'proxies',
    access: 'reseller',
    body: autoRenewBodySchema,
    response: withPayload(z.object({ plan_id: z.string(), auto_renew: z.boolean() })),
  }),
  dashboard: read(
    '/v1/user/dashboard',
    'Plans, data and usage of each product (ISP, premium, datacenter, IPv6, residential)',
    productDashboardSchema,
  ),
  generate: defineEndpoint({
    method: 'POST',
    path: '/v1/user/generate-proxy',
    summary: 'Proxy lines for your plan: one button for normal plans, location/type/quantity for premium',
    tag: 'proxies',
    access: 'user',
    body: generateProxyBodySchema,
    response: withPayload(generatedProxiesSchema),
  }),
  countryStats: read(
    '/v1/user/get-country-stats',
    'Locations, cities and ISPs for the premium generator',
    countryStatsSchema,
  ),
  activateDcIpv6: defineEndpoint({
    method: 'POST',
    path: '/v1/user/activate-dc-ipv6-plan',
    summary:
      'Activate a pending datacenter or IPv6 plan with an IP to whitelist (the oldest pending, or `plan`)',
    tag: 'proxies',
    access: 'user',
    body: z.object({
      ips: ipsSchema,
      type: ipProductSchema,
      /** The plan to activate (the caller's, pending, of `type`; else 404 / 409 / 400); absent or "" (issue #19 item 10): the oldest pending one. */
      plan: z.optional(z.string().check(z.maxLength(64))),
    }),
    response: detailOnly,
  }),
  activatePremium: defineEndpoint({
    method: 'POST',
    path: '/v1/user/activate-plan',
    summary: 'Whitelist an IP on your premium residential plan (SPEC.md §7: ips, a list of one)',
    tag: 'proxies',
    access: 'user',
    body: z.object({ ips: ipsSchema }),
    response: detailOnly,
  }),
  whitelistIp: defineEndpoint({
    method: 'POST',
    path: '/v1/user/whitelist-ip-dc',
    summary: 'Whitelist an IP on a datacenter or IPv6 plan',
    tag: 'proxies',
    access: 'user',
    body: z.object({
      ip: ipSchema,
      plan: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64)),
    }),
    response: detailOnly,
  }),
  whitelistedIps: defineEndpoint({
    method: 'GET',
    path: '/v1/user/get-whitelisted-ip',
    summary: 'Whitelisted IPs of the datacenter or IPv6 plans, or of one plan',
    tag: 'proxies',
    access: 'user',
    query: z.object({ type: ipProductSchema, plan: z.optional(z.string().check(z.maxLength(64))) }),
    response: withPayload(z.array(whitelistedIpSchema)),
  }),
  deleteWhitelistedIp: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/delete-whitelist-ip/:id',
    summary: 'Remove a whitelisted IP',
    tag: 'proxies',
    access: 'user',
    params: z.object({ id: z.string().check(z.maxLength(64)) }),
    response: detailOnly,
  }),
  changePlanName: defineEndpoint({
    method: 'POST',
    path: '/v1/user/change-plan-name',
    summary: "The customer's own name for a plan",
    tag: 'proxies',
    access: 'user',
    body: z.object({
      id: z.string().check(z.maxLength(64)),
      planName: z
        .string()
        .check(z.trim(), z.minLength(1, 'Plan name is required'), z.maxLength(60, 'At most 60 characters')),
    }),
    response: detailOnly,
  }),
  pool: read(
    '/v1/pool/read',
    'The addresses of your active datacenter (first) and IPv6 (second) plans, as IP:PORT lines',
    z.array(z.object({ type: ipProductSchema, proxies: z.array(z.string()) })),
  ),
};
