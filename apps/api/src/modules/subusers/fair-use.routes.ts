import { fairUseEndpoints as endpoints, type FairUseMaximum } from '@proxydesk/contract';
import { setFairUseMaximum, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../admin/actor.js';
import type { FairUseService } from './fair-use.service.js';

const maximumView = (product: string, maximum: FairUseMaximum) => ({
  product: product as 'PR_2' | 'PR_3' | 'PR_6',
  max_sources: maximum.maxSources,
  window_minutes: maximum.windowMinutes,
  max_connections: maximum.maxConnections,
});

/**
 * Fair use (issue #31 item 3): the owner's own line's caps (a sub-user's are `PATCH /v1/subusers/{id}`), and the
 * shop's maximums per plan type in the console (staff read, operators set: audited with a reason).
 */
export const fairUseRoutes = (app: FastifyInstance, db: Db, fairUse: FairUseService): void => {
  route(app, endpoints.owner, async ({ account, query }) => ({
    payload: await fairUse.owner(account.user.id, query.product),
  }));
  route(app, endpoints.setOwner, async ({ account, body: { product, ...caps } }) => ({
    detail: 'Fair use saved',
    payload: await fairUse.setOwner(account.user.id, product, caps),
  }));

  route(app, endpoints.maximums, async () => ({
    payload: {
      maximums: [...(await fairUse.maximums())].map(([product, maximum]) => maximumView(product, maximum)),
    },
  }));
  route(app, endpoints.setMaximum, async ({ params, body: { reason, ...body }, account, request }) => {
    const maximum = {
      maxSources: body.max_sources,
      windowMinutes: body.window_minutes,
      maxConnections: body.max_connections,
    };
    const before = await fairUse.maximumOf(params.product);
    const saved = await setFairUseMaximum(
      db,
      actorOf(account, request),
      params.product,
      maximum,
      before,
      reason,
    );
    if (!saved) throw new HttpError(409, 'Not saved: try again');
    return { detail: 'Fair-use maximums saved', payload: maximumView(params.product, saved) };
  });
};
