import type { Db } from '../client.js';
import { preparedQuery } from '../prepared.js';

/** The products of the product pages (SPEC.md §3 dashboard, and residential's PR_3). */
const PRODUCTS = `('PR_2', 'PR_3', 'PR_4', 'PR_5', 'PR_6')`;

/** A plan as the product pages read it; instants in epoch milliseconds (null when unset). */
export interface DashboardPlan {
  id: string;
  productType: string;
  planName: string;
  status: 'pending' | 'active' | 'expired' | 'suspended';
  ipAmount: number | null;
  dataGb: number | null;
  expiresAt: number | null;
  autoRenew: boolean;
  autoRenewFailedFor: number | null;
  invoicePlanName: string;
  /** IPs whitelisted on it. */
  whitelisted: number;
  /** Bytes counted against it so far (both ways). */
  usedBytes: number;
}

export interface DashboardRows {
  /** The customer's plans of those products, newest first. */
  plans: DashboardPlan[];
  /** Bytes per product and UTC day (YYYY-MM-DD) since the first day asked for; days without usage are absent. */
  usage: { productType: string; day: string; bytes: number }[];
  /** `IP:PORT` of the addresses assigned to the active datacenter plans, by address then port. */
  proxies: string[];
}

const millis = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** Everything the product pages show, in one statement: three JSON columns built by the database ($1 user, $2 first day). */
export const PRODUCT_DASHBOARD_SQL = `select
  (select coalesce(json_agg(p order by p.created desc), '[]') from (
    select cp.id, cp.product_type as "productType", cp.plan_name as "planName", cp.status,
      cp.ip_amount as "ipAmount", cp.data_gb::float8 as "dataGb", ${millis('cp.expires_at')} as "expiresAt",
      cp.auto_renew as "autoRenew", ${millis('cp.auto_renew_failed_for')} as "autoRenewFailedFor",
      i.plan_name as "invoicePlanName",
      (select count(*)::int from whitelisted_ips w where w.customer_plan_id = cp.id) as whitelisted,
      coalesce((select u.used_bytes from plan_usage u where u.customer_plan_id = cp.id), 0)::float8 as "usedBytes",
      cp.created_at as created
    from customer_plans cp join invoices i on i.id = cp.invoice_id
    where cp.user_id = $1 and cp.product_type in ${PRODUCTS}) p) as plans,
  (select coalesce(json_agg(json_build_object('productType', d.product_type, 'day', d.day::text,
      'bytes', (d.bytes_up + d.bytes_down)::float8)), '[]')
    from usage_days d where d.user_id = $1 and d.product_type in ${PRODUCTS} and d.day >= $2::date) as usage,
  (select coalesce(json_agg(case when pp.address like '%:%' then '[' || pp.address || ']:' || pp.port
      else pp.address || ':' || pp.port end order by pp.address::inet, pp.port), '[]')
    from pool_assignments a join proxy_pool pp on pp.id = a.pool_id
      join customer_plans cp on cp.id = a.customer_plan_id
    where cp.user_id = $1 and cp.product_type = 'PR_4' and cp.status = 'active') as proxies`;

const read = preparedQuery<DashboardRows, [userId: string, firstDay: string]>(
  'product_dashboard',
  PRODUCT_DASHBOARD_SQL,
);

/** The product pages' rows of a customer (ISP, premium, datacenter, IPv6, residential) in one round trip, usage from `firstDay`. */
export const readDashboardRows = async (db: Db, userId: string, firstDay: string): Promise<DashboardRows> => {
  const [row] = await read(db, userId, firstDay);
  return row ?? { plans: [], usage: [], proxies: [] };
};
