import { adminStaffEndpoints as staff } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from './actor.js';
import type { AdminStaffService } from './admin-staff.service.js';

/** The staff screen (issue #28 item 2): operators list, add and remove staff; each change audited. */
export const adminStaffRoutes = (app: FastifyInstance, service: AdminStaffService): void => {
  route(app, staff.list, async () => ({ payload: await service.list() }));
  route(app, staff.add, async ({ body, account, request }) => ({
    detail: await service.add(actorOf(account, request), body),
  }));
  route(app, staff.remove, async ({ params, body, account, request }) => ({
    detail: await service.remove(actorOf(account, request), params.id, body.reason),
  }));
};
