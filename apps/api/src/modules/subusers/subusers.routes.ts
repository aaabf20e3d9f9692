import { subuserEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { SubuserService } from './subusers.service.js';

/** `/v1/subusers…` (issue #31): a session or a reseller's API key, each caller its own sub-users only. */
export const subuserRoutes = (app: FastifyInstance, subusers: SubuserService): void => {
  route(app, subuserEndpoints.list, async ({ account, query }) => ({
    payload: await subusers.list(account.user.id, query.product),
  }));
  route(app, subuserEndpoints.create, async ({ account, body }) => ({
    detail: 'Sub-user created: copy its password now, it is shown once',
    payload: await subusers.create(account.user.id, body.product, body.name),
  }));
  route(app, subuserEndpoints.pause, async ({ account, params }) => ({
    detail: 'Sub-user paused: its lines are refused until you resume it',
    payload: await subusers.setPaused(account.user.id, params.id, true),
  }));
  route(app, subuserEndpoints.resume, async ({ account, params }) => ({
    detail: 'Sub-user resumed',
    payload: await subusers.setPaused(account.user.id, params.id, false),
  }));
  route(app, subuserEndpoints.regeneratePassword, async ({ account, params }) => ({
    detail: 'New password made: copy it now, it is shown once; the old one no longer works',
    payload: await subusers.regeneratePassword(account.user.id, params.id),
  }));
  route(app, subuserEndpoints.setLimit, async ({ account, params, body }) => ({
    detail: 'Data limit saved',
    payload: await subusers.setLimit(account.user.id, params.id, body.gb, body.period),
  }));
  route(app, subuserEndpoints.clearLimit, async ({ account, params }) => ({
    detail: 'Data limit removed',
    payload: await subusers.clearLimit(account.user.id, params.id),
  }));
  route(app, subuserEndpoints.setCountries, async ({ account, params, body }) => ({
    detail: body.countries.length ? 'Allowed countries saved' : 'Any country allowed',
    payload: await subusers.setCountries(account.user.id, params.id, body.countries),
  }));
  route(app, subuserEndpoints.setFairUse, async ({ account, params, body }) => ({
    detail: 'Fair use saved',
    payload: await subusers.setFairUse(account.user.id, params.id, body),
  }));
  route(app, subuserEndpoints.remove, async ({ account, params }) => {
    await subusers.remove(account.user.id, params.id);
    return { detail: 'Sub-user deleted' };
  });
};
