import { proxyEndpoints, PRODUCT_NAMES, type CountryStats, type IpProduct } from '@proxydesk/contract';
import {
  setAutoRenew,
  activateIpPlan,
  addWhitelistedIp,
  assignedEndpoints,
  deleteWhitelistedIp,
  findActiveCustomerPlan,
  findOwnPlan,
  listWhitelistedIps,
  renamePlan,
  type CustomerPlanStatus,
  type Db,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { createDashboardService } from './dashboard.service.js';
import { exportRoutes } from './export.routes.js';
import type { Generator } from './generator.service.js';

const planNotFound = () => new HttpError(404, 'Plan not found');
/** Why a named plan (issue #33 item 3) cannot be activated. */
const notPendingDetail: Record<CustomerPlanStatus, string> = {
  pending: 'This plan is waiting for activation',
  active: 'This plan is already active',
  expired: 'This plan has ended: renew it instead',
  suspended: 'This plan is suspended: please contact support',
};
/** Premium plans authenticate by password; a few whitelisted IPs are allowed besides. */
const PREMIUM_WHITELIST_ALLOWANCE = 5;
/** No addresses left for this product: the plan stays pending, nothing is half-assigned. */
const poolExhausted = (type: IpProduct) =>
  new HttpError(
    409,
    `No free ${PRODUCT_NAMES[type]} addresses right now: your plan stays ready to activate, please contact support`,
  );

/** SPEC.md §7 datacenter / IPv6 calls: activation, whitelists, plan names, the assigned addresses. */
export const proxyRoutes = (
  app: FastifyInstance,
  db: Db,
  generator: Generator,
  locations: () => Promise<CountryStats['countries']['countries']>,
  popular: () => Promise<string[]>,
): void => {
  const dashboard = createDashboardService(db);
  route(app, proxyEndpoints.setAutoRenew, async ({ account, body }) => {
    if (!(await setAutoRenew(db, account.user.id, body.plan_id, body.enabled)))
      throw new HttpError(404, 'Plan not found');
    return {
      detail: body.enabled
        ? 'Auto-renew on: your balance pays the next period a day before the plan ends'
        : 'Auto-renew off',
      payload: { plan_id: body.plan_id, auto_renew: body.enabled },
    };
  });
  route(
    app,
    proxyEndpoints.dashboard,
    async ({ account }) => ({ payload: await dashboard.read(account.user.id) }),
    { compiledSerializer: true },
  );
  route(app, proxyEndpoints.generate, ({ account, body }) => generator.generate(account.user, body));
  exportRoutes(app, db, generator);
  route(app, proxyEndpoints.countryStats, async () => ({
    payload: { countries: { countries: await locations() }, popular: await popular() },
  }));

  route(app, proxyEndpoints.activateDcIpv6, async ({ account, body }) => {
    const ip = Array.isArray(body.ips) ? body.ips[0]! : body.ips;
    const outcome = await activateIpPlan(db, {
      userId: account.user.id,
      productType: body.type,
      // A form's empty choice ("") is no choice (issue #19 item 10).
      planId: body.plan || undefined,
      ip,
    });
    if (outcome === 'no-pending-plan')
      throw new HttpError(400, `You have no ${PRODUCT_NAMES[body.type]} plan waiting for activation`);
    if (outcome === 'plan-not-found') throw planNotFound();
    if (outcome === 'wrong-product')
      throw new HttpError(400, `This is not one of your ${PRODUCT_NAMES[body.type]} plans`);
    if (outcome === 'pool-exhausted') throw poolExhausted(body.type);
    if ('notPending' in outcome) throw new HttpError(409, notPendingDetail[outcome.notPending]);
    return { detail: `Plan activated: ${ip} is whitelisted` };
  });

  route(app, proxyEndpoints.activatePremium, async ({ account, body }) => {
    const ip = Array.isArray(body.ips) ? body.ips[0]! : body.ips;
    const plan = await findActiveCustomerPlan(db, account.user.id, 'PR_6');
    if (!plan) throw new HttpError(400, 'You have no active Premium Residential plan: buy one first');
    const outcome = await addWhitelistedIp(db, plan.id, ip, PREMIUM_WHITELIST_ALLOWANCE);
    if (outcome === 'duplicate') throw new HttpError(409, `${ip} is already whitelisted on this plan`);
    if (outcome === 'full')
      throw new HttpError(
        400,
        `This plan allows ${PREMIUM_WHITELIST_ALLOWANCE} whitelisted IPs: remove one first`,
      );
    return { detail: `Plan activated: ${ip} is whitelisted` };
  });

  route(app, proxyEndpoints.whitelistIp, async ({ account, body }) => {
    const plan = await findOwnPlan(db, account.user.id, body.plan);
    if (!plan || (plan.productType !== 'PR_4' && plan.productType !== 'PR_5')) throw planNotFound();
    if (plan.status !== 'active') throw new HttpError(400, 'Activate this plan first');
    const allowance = plan.ipAmount ?? 1;
    const outcome = await addWhitelistedIp(db, plan.id, body.ip, allowance);
    if (outcome === 'duplicate') throw new HttpError(409, `${body.ip} is already whitelisted on this plan`);
    if (outcome === 'full')
      throw new HttpError(
        400,
        `This plan allows ${allowance} whitelisted IP${allowance === 1 ? '' : 's'}: remove one first`,
      );
    return { detail: `${body.ip} whitelisted` };
  });

  route(app, proxyEndpoints.whitelistedIps, async ({ account, query }) => ({
    payload: await listWhitelistedIps(db, account.user.id, query.type, query.plan || undefined),
  }));

  route(app, proxyEndpoints.deleteWhitelistedIp, async ({ account, params }) => {
    if (!(await deleteWhitelistedIp(db, account.user.id, params.id)))
      throw new HttpError(404, 'Whitelisted IP not found');
    return { detail: 'Removed from the whitelist' };
  });

  route(app, proxyEndpoints.changePlanName, async ({ account, body }) => {
    if (!(await renamePlan(db, account.user.id, body.id, body.planName))) throw planNotFound();
    return { detail: 'Plan name saved' };
  });

  route(app, proxyEndpoints.pool, async ({ account }) => ({
    payload: await Promise.all(
      (['PR_4', 'PR_5'] as IpProduct[]).map(async (type) => ({
        type,
        proxies: await assignedEndpoints(db, account.user.id, type),
      })),
    ),
  }));
};
