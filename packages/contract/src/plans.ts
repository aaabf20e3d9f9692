import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { productCodeSchema, type ProductCode } from './products.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

/** Products whose plans are sold by the GB and take more GB on top (Buy Additional GB). */
export const MORE_GB_PRODUCTS: readonly ProductCode[] = ['PR_2', 'PR_3', 'PR_6'];
export const takesMoreGb = (code: ProductCode): boolean => MORE_GB_PRODUCTS.includes(code);

/** A plan's end this close is worth a renewal (the reminder mail goes at the same point). */
export const RENEW_SOON_MS = 72 * 3_600_000;
/** Used this share of its data, a per-GB plan is low (the usage alert mail goes at the same point). */
export const LOW_DATA_SHARE = 0.8;

/** The one next step the dashboard offers for a plan (issue #19 item 3). */
export const PLAN_ACTIONS = ['activate', 'renew', 'buy_gb', 'get_proxies'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/**
 * What matters most for a plan: activate it while it waits for an IP; renew it once ended (in its grace period);
 * more GB once its data is used up; renew it in its last three days; more GB when it is low; else its proxies.
 */
export const planAction = (
  plan: {
    product: ProductCode;
    status: 'pending' | 'active' | 'expired';
    expiry_date: string | null;
    data_gb: number | null;
    used_gb: number | null;
  },
  now: number,
): PlanAction => {
  if (plan.status === 'pending') return 'activate';
  if (plan.status === 'expired') return 'renew';
  const share = plan.data_gb ? (plan.used_gb ?? 0) / plan.data_gb : 0;
  const moreGb = takesMoreGb(plan.product);
  if (moreGb && plan.data_gb !== null && share >= 1) return 'buy_gb';
  if (plan.expiry_date && Date.parse(plan.expiry_date) - now < RENEW_SOON_MS) return 'renew';
  if (moreGb && share >= LOW_DATA_SHARE) return 'buy_gb';
  return 'get_proxies';
};

/** One of the customer's plans on the dashboard: running, waiting for activation, or ended in its grace period. */
export const customerPlanSummarySchema = namedObject('CustomerPlanSummary', {
  id: z.string(),
  product: productCodeSchema,
  /** The customer's own name for it (Set Plan Name), else what was bought. */
  plan_name: z.string(),
  status: z.enum(['pending', 'active', 'expired']),
  /** ISO 8601; null while it waits for activation. */
  expiry_date: z.nullable(z.string()),
  /** Per-GB plans: GB bought (renewals and extra GB included) and used, 2 decimals; null for IP plans. */
  data_gb: z.nullable(z.number()),
  used_gb: z.nullable(z.number()),
  /** IP plans: addresses bought and IPs whitelisted; null for per-GB plans. */
  ip_amount: z.nullable(z.int()),
  ips_used: z.nullable(z.int()),
  action: z.enum(PLAN_ACTIONS),
});
export type CustomerPlanSummary = z.infer<typeof customerPlanSummarySchema>;

/**
 * A plan's usage per UTC day over its period, from the day it started to today (or its last day): the days add up
 * to `used_bytes`, the "used" figure its page shows.
 */
export const planUsageSchema = namedObject('PlanUsage', {
  plan_id: z.string(),
  /** ISO 8601: when the plan started (activation, or payment for per-GB plans) and ends. */
  period_start: z.string(),
  period_end: z.nullable(z.string()),
  used_bytes: z.int(),
  days: z.array(z.object({ date: z.string(), bytes: z.int() })),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

const read = readOf('proxies', 'user');

export const planEndpoints = {
  list: read(
    '/v1/user/plans',
    'Your plans that run, wait for activation or ended within the grace period, each with its usage and next step',
    z.array(customerPlanSummarySchema),
  ),
  usage: defineEndpoint({
    method: 'GET',
    path: '/v1/user/plan-usage',
    summary:
      "A plan's usage per UTC day from its start to today (or its end): the days add up to its used bytes",
    tag: 'proxies',
    access: 'user',
    query: z.object({ plan_id: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64)) }),
    response: withPayload(planUsageSchema),
  }),
};
