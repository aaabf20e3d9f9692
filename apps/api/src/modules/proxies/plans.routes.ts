import { planAction, planEndpoints, type CustomerPlanSummary, type ProductCode } from '@proxydesk/contract';
import { BYTES_PER_GB, findOwnPlan, listCurrentPlans, planDailyBytes, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';

const gb = (bytes: number) => Math.round((bytes / BYTES_PER_GB) * 100) / 100;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The dashboard's list of plans with their next step, and a plan's usage per day (issue #19 items 3 and 7). */
export const planRoutes = (app: FastifyInstance, db: Db, graceHours: number): void => {
  route(app, planEndpoints.list, async ({ account }) => {
    const now = Date.now();
    const rows = await listCurrentPlans(db, account.user.id, graceHours, new Date(now));
    return {
      payload: rows.map(({ plan, usedBytes, whitelisted }): CustomerPlanSummary => {
        const perIp = plan.ipAmount !== null;
        const summary = {
          id: plan.id,
          product: plan.productType as ProductCode,
          plan_name: plan.planName,
          // A plan past its end reads expired before the job has swept it.
          status:
            plan.status === 'active' && plan.expiresAt && plan.expiresAt.getTime() <= now
              ? ('expired' as const)
              : (plan.status as 'pending' | 'active' | 'expired'),
          expiry_date: plan.expiresAt?.toISOString() ?? null,
          data_gb: perIp ? null : (plan.dataGb ?? 0),
          used_gb: perIp ? null : gb(usedBytes),
          ip_amount: perIp ? plan.ipAmount : null,
          ips_used: perIp ? whitelisted : null,
        };
        return { ...summary, action: planAction(summary, now) };
      }),
    };
  });

  route(app, planEndpoints.usage, async ({ account, query }) => {
    const plan = await findOwnPlan(db, account.user.id, query.plan_id);
    if (!plan) throw new HttpError(404, 'Plan not found');
    if (plan.status === 'pending') throw new HttpError(400, 'This plan has not started: activate it first');
    const start = plan.activatedAt ?? plan.createdAt;
    const today = new Date();
    const last = plan.expiresAt && plan.expiresAt < today ? plan.expiresAt : today;
    const { days, totalBytes } = await planDailyBytes(db, plan.id, utcDay(start), utcDay(last));
    return {
      payload: {
        plan_id: plan.id,
        period_start: start.toISOString(),
        period_end: plan.expiresAt?.toISOString() ?? null,
        used_bytes: totalBytes,
        days,
      },
    };
  });
};
