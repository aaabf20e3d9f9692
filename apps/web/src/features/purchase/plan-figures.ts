import { perGbPlanTotal, type Plan } from '@proxydesk/contract';

/** Feature lines of SPEC.md §9: countries and threads for ISP / premium, bandwidth for datacenter / IPv6. */
export const featureLines = (type: Plan['type']): string[] =>
  type === 'PR_4' || type === 'PR_5'
    ? ['Unlimited bandwidth', 'IP whitelist authentication', 'HTTP(S) proxies']
    : ['150+ countries', 'Unlimited threads', 'Sticky and rotating sessions'];

/** What a plan card shows as its price: per-GB plans show price × GB (SPEC.md §9). */
export const cardPrice = (plan: Plan): number =>
  plan.type === 'PR_2' || plan.type === 'PR_6' ? perGbPlanTotal(plan.price, plan.data ?? 0) : plan.price;
