import { adminEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from './actor.js';
import type { AdminService } from './admin.service.js';
import { pageLink } from './page-link.js';

/** `/v1/admin/*` (issue #17): staff read, operators act; everyone else is told the path does not exist. */
export const adminRoutes = (app: FastifyInstance, admin: AdminService, publicUrl: string): void => {
  route(app, adminEndpoints.me, ({ account }) =>
    Promise.resolve({
      payload: { username: account.user.username, role: account.user.role as 'operator' | 'support' },
    }),
  );

  route(app, adminEndpoints.overview, async () => ({ payload: await admin.overview() }));

  route(app, adminEndpoints.customers, async ({ query }) =>
    admin.customers(
      query.q,
      query.sort ?? '-joined',
      query.page ?? 1,
      pageLink(`${publicUrl}/v1/admin/customers`, { q: query.q, sort: query.sort }),
    ),
  );

  route(app, adminEndpoints.customer, async ({ params }) => ({ payload: await admin.customer(params.id) }));

  route(app, adminEndpoints.adjustBalance, async ({ params, body, account, request }) => ({
    detail: body.amount > 0 ? 'Balance credited' : 'Balance debited',
    payload: await admin.adjustBalance(actorOf(account, request), params.id, {
      amount: body.amount,
      reason: body.reason,
      idempotencyKey: body.idempotency_key,
    }),
  }));

  route(app, adminEndpoints.audit, async ({ query }) =>
    admin.audit(
      query,
      query.page ?? 1,
      pageLink(`${publicUrl}/v1/admin/audit`, { ...query, page: undefined }),
    ),
  );
};
