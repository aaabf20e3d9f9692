import type { IpPlan, ProductDashboard } from '@proxydesk/contract';
import {
  BYTES_PER_GB,
  chartFirstDay,
  readDashboardRows,
  usageChart,
  type DashboardPlan,
  type DashboardRows,
  type Db,
} from '@proxydesk/db';

/** Days of usage on the charts of the per-GB pages. */
const USAGE_DAYS = 30;
const PRODUCTS = ['PR_2', 'PR_3', 'PR_4', 'PR_5', 'PR_6'];

const gb = (value: number) => Math.round(value * 100) / 100;
const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

type Usage = ReturnType<typeof usageChart>;

/** A plan past its end is shown expired, whatever its row says (nothing needs to sweep it). */
const statusOf = (plan: DashboardPlan, now: number): IpPlan['status'] =>
  plan.status === 'active' && plan.expiresAt !== null && plan.expiresAt <= now ? 'expired' : plan.status;

/** The balance could not pay this period's auto-renewal (the failure is kept per end date). */
const failedToRenew = (plan: DashboardPlan) =>
  plan.autoRenewFailedFor !== null && plan.autoRenewFailedFor === plan.expiresAt;

/**
 * An ISP, premium or residential page: the newest active plan, its GB bought and used, and `userData` from those; with none
 * running, a newest plan that was suspended (refunded) is named, so the page can say so.
 */
const dataProduct = <D>(
  mine: DashboardPlan[],
  type: 'PR_2' | 'PR_3' | 'PR_6',
  now: number,
  usage: Usage,
  userData: (used: number, bought: number) => D,
) => {
  const newest = mine.find((p) => p.status === 'active');
  const current = newest && statusOf(newest, now) === 'active' ? newest : undefined;
  const latest = current ? undefined : mine[0];
  const suspended = latest?.status === 'suspended' ? latest : undefined;
  const shown = current ?? suspended;
  const used = current ? gb(current.usedBytes / BYTES_PER_GB) : 0;
  const bought = current?.dataGb ?? 0;
  return {
    have_plan: Boolean(current),
    isPendingPlan: mine.some((p) => p.status === 'pending'),
    usage_stats: usage.get(type) ?? [],
    plan_data: shown
      ? {
          id: shown.id,
          planName: shown.planName,
          status: current ? ('active' as const) : ('suspended' as const),
          auto_renew: shown.autoRenew,
          auto_renew_failed: failedToRenew(shown),
          expiry_date: iso(shown.expiresAt),
          data: bought,
        }
      : null,
    user_data: { data: userData(used, bought) },
  };
};

/** ISP's and residential's figures (SPEC.md §3 ISP user_data): GB used and GB bought. */
const usedOfBought = (used: number, bought: number) => ({ traffic: used, bandwidth: bought });

/** A datacenter or IPv6 page: every plan of the product, pending ones included. */
const ipProduct = (mine: DashboardPlan[], type: 'PR_4' | 'PR_5', now: number, usage: Usage) => ({
  have_plan: mine.some((p) => ['active', 'pending'].includes(statusOf(p, now))),
  isPendingPlan: mine.some((p) => p.status === 'pending'),
  usage_stats: usage.get(type) ?? [],
  plan_data: mine.map((p): IpPlan => ({
    id: p.id,
    planName: p.planName,
    status: statusOf(p, now),
    auto_renew: p.autoRenew,
    auto_renew_failed: failedToRenew(p),
    invoice: { plan_name: p.invoicePlanName, ipAmount: p.ipAmount },
    expiry_date: iso(p.expiresAt),
    activeIps: p.whitelisted,
  })),
  user_data: null,
});

/** SPEC.md §3 dashboard payload from the customer's rows (`readDashboardRows`) as of `now`, in the contract's key order. */
export const shapeDashboard = (
  { plans, usage, proxies }: DashboardRows,
  firstDay: string,
  now: number,
): ProductDashboard => {
  const chart = usageChart(usage, PRODUCTS, firstDay, USAGE_DAYS);
  const of = (type: string) => plans.filter((p) => p.productType === type);
  const datacenter = of('PR_4');
  return {
    PR_2: dataProduct(of('PR_2'), 'PR_2', now, chart, usedOfBought),
    PR_6: dataProduct(of('PR_6'), 'PR_6', now, chart, (used, bought) => ({
      availableTraffic: gb(Math.max(0, bought - used)),
      usedTraffic: used,
    })),
    PR_4: {
      ...ipProduct(datacenter, 'PR_4', now, chart),
      proxies,
      ipAmount: datacenter
        .filter((p) => statusOf(p, now) === 'active')
        .reduce((sum, p) => sum + (p.ipAmount ?? 0), 0),
    },
    PR_5: ipProduct(of('PR_5'), 'PR_5', now, chart),
    PR_3: dataProduct(of('PR_3'), 'PR_3', now, chart, usedOfBought),
  };
};

export const createDashboardService = (db: Db) => ({
  /** SPEC.md §3 dashboard payload, from the customer's plans and the usage the gateway records: one round trip. */
  read: async (userId: string): Promise<ProductDashboard> => {
    const now = new Date();
    const firstDay = chartFirstDay(USAGE_DAYS, now);
    return shapeDashboard(await readDashboardRows(db, userId, firstDay), firstDay, now.getTime());
  },
});
