import { userEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { UserService } from './user.service.js';

export const userRoutes = (app: FastifyInstance, users: UserService): void => {
  route(
    app,
    userEndpoints.dashboardStats,
    async ({ account }) => ({ payload: await users.dashboardStats(account) }),
    { compiledSerializer: true },
  );
  route(app, userEndpoints.generateApiKey, ({ account }) => users.generateApiKey(account));
  route(app, userEndpoints.notifications, async ({ account }) => ({
    payload: await users.notifications(account),
  }));
  route(app, userEndpoints.setNotifications, ({ account, body }) => users.setNotifications(account, body));
  route(app, userEndpoints.resetProxyPassword, ({ account }) => users.resetProxyPassword(account));
};
