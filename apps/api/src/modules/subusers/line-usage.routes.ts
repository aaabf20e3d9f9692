import { lineUsageEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { LineUsageService } from './line-usage.service.js';

/** Usage per set of credentials (issue #31 item 4): a sub-user's, and the owner's own lines on a plan. */
export const lineUsageRoutes = (app: FastifyInstance, usage: LineUsageService): void => {
  route(app, lineUsageEndpoints.subuserUsage, async ({ account, params, query }) => ({
    payload: await usage.usage(account.user.id, { subuserId: params.id }, query.granularity),
  }));
  route(app, lineUsageEndpoints.subuserDomains, async ({ account, params, query }) => ({
    payload: await usage.domains(account.user.id, { subuserId: params.id }, query.date),
  }));
  route(app, lineUsageEndpoints.ownUsage, async ({ account, query }) => ({
    payload: await usage.usage(account.user.id, { planId: query.plan_id }, query.granularity),
  }));
  route(app, lineUsageEndpoints.ownDomains, async ({ account, query }) => ({
    payload: await usage.domains(account.user.id, { planId: query.plan_id }, query.date),
  }));
};
