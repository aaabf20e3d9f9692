import type { IpPlan, ProductDashboard } from '@proxydesk/contract';
import {
  assignedEndpoints,
  dailyUsageGb,
  findActiveCustomerPlan,
  findNewestCustomerPlan,
  hasPendingPlan,
  listCustomerPlans,
  usedGb,
  type CustomerPlan,
  type Db,
} from '@proxydesk/db';

/** Days of usage on the charts of the ISP and premium pages. */
const USAGE_DAYS = 30;

const gb = (value: number) => Math.round(value * 100) / 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

type Row = Awaited<ReturnType<typeof listCustomerPlans>>[number];
type Usage = Awaited<ReturnType<typeof dailyUsageGb>>;

/** A plan past its end is shown expired, whatever its row says (nothing needs to sweep it). */
const statusOf = (plan: CustomerPlan, now: number): IpPlan['status'] =>
  plan.status === 'active' && plan.expiresAt && plan.expiresAt.getTime() <= now ? 'expired' : plan.status;

/** The balance could not pay this period's auto-renewal (the failure is kept per end date). */
const failedToRenew = (plan: CustomerPlan) =>
  plan.autoRenewFailedFor !== null && plan.autoRenewFailedFor.getTime() === plan.expiresAt?.getTime();

export const createDashboardService = (db: Db) => {
  /**
   * An ISP or premium page: the newest active plan, its GB bought and used, and `userData` from those; with none
   * running, a newest plan that was suspended (refunded) is named, so the page can say so.
   */
  const dataProduct = async <D>(
    userId: string,
    type: 'PR_2' | 'PR_6',
    now: number,
    usage: Usage,
    userData: (used: number, bought: number) => D,
  ) => {
    const newest = await findActiveCustomerPlan(db, userId, type);
    const current = newest && statusOf(newest, now) === 'active' ? newest : undefined;
    const latest = current ? undefined : await findNewestCustomerPlan(db, userId, type);
    const suspended = latest?.status === 'suspended' ? latest : undefined;
    const shown = current ?? suspended;
    const used = current ? gb(await usedGb(db, current.id)) : 0;
    const bought = current?.dataGb ?? 0;
    return {
      have_plan: Boolean(current),
      isPendingPlan: await hasPendingPlan(db, userId, type),
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

  /** A datacenter or IPv6 page: every plan of the product, pending ones included. */
  const ipProduct = (type: 'PR_4' | 'PR_5', rows: Row[], now: number, usage: Usage) => {
    const mine = rows.filter((r) => r.plan.productType === type);
    return {
      have_plan: mine.some((r) => ['active', 'pending'].includes(statusOf(r.plan, now))),
      isPendingPlan: mine.some((r) => r.plan.status === 'pending'),
      usage_stats: usage.get(type) ?? [],
      user_data: null,
      plan_data: mine.map((r): IpPlan => ({
        id: r.plan.id,
        planName: r.plan.planName,
        status: statusOf(r.plan, now),
        auto_renew: r.plan.autoRenew,
        auto_renew_failed: failedToRenew(r.plan),
        invoice: { plan_name: r.invoicePlanName, ipAmount: r.plan.ipAmount },
        expiry_date: iso(r.plan.expiresAt),
        activeIps: r.whitelisted,
      })),
    };
  };

  return {
    /** SPEC.md §3 dashboard payload, from the customer's plans and the usage the gateway records. */
    read: async (userId: string): Promise<ProductDashboard> => {
      const now = Date.now();
      const [rows, usage, proxies] = await Promise.all([
        listCustomerPlans(db, userId, ['PR_4', 'PR_5']),
        dailyUsageGb(db, userId, ['PR_2', 'PR_4', 'PR_5', 'PR_6'], USAGE_DAYS),
        assignedEndpoints(db, userId, 'PR_4'),
      ]);
      const [isp, premium] = await Promise.all([
        dataProduct(userId, 'PR_2', now, usage, (used, bought) => ({ traffic: used, bandwidth: bought })),
        dataProduct(userId, 'PR_6', now, usage, (used, bought) => ({
          availableTraffic: gb(Math.max(0, bought - used)),
          usedTraffic: used,
        })),
      ]);
      const datacenter = ipProduct('PR_4', rows, now, usage);
      const ipv6 = ipProduct('PR_5', rows, now, usage);
      const activeIps = rows.filter(
        (r) => r.plan.productType === 'PR_4' && statusOf(r.plan, now) === 'active',
      );
      return {
        PR_2: isp,
        PR_6: premium,
        PR_4: {
          ...datacenter,
          proxies,
          ipAmount: activeIps.reduce((sum, r) => sum + (r.plan.ipAmount ?? 0), 0),
        },
        PR_5: ipv6,
      };
    },
  };
};
