import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookEndpoints as endpoints,
  type WebhookEventType,
} from '@proxydesk/contract';
import {
  deleteEndpoint,
  deliveriesOf,
  deliveryOf,
  endpointOf,
  endpointsOf,
  insertEndpoint,
  isUuid,
  updateEndpoint,
  type Db,
  type WebhookEndpointRow,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { privateDestination, webhookUrlProblem } from './destination.js';
import { adminDeliveryRoutes } from './admin-deliveries.routes.js';
import { deliveryJson } from './delivery-json.js';
import type { WebhookSender } from './sender.js';

const endpointJson = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  created: row.createdAt.toISOString(),
});

const notFound = () => new HttpError(404, 'Webhook endpoint not found');

/** Resellers' webhooks (issue #32 item 3, ADR 017): endpoints, deliveries, resend; the console's list and resend. */
export const resellerWebhookRoutes = (
  app: FastifyInstance,
  deps: { db: Db; sender: WebhookSender; production: boolean; allowPrivate: boolean; publicUrl: string },
): void => {
  const { db } = deps;
  const checkUrl = async (url: string) => {
    const problem = webhookUrlProblem(url, { production: deps.production });
    if (problem) throw new HttpError(400, problem);
    if (deps.allowPrivate) return;
    const address = await privateDestination(url).catch(() => {
      throw new HttpError(400, `${new URL(url).hostname} cannot be found`);
    });
    if (address)
      throw new HttpError(
        400,
        `${new URL(url).hostname} is a private address (${address}): webhooks go to public ones`,
      );
  };

  route(app, endpoints.list, async ({ account }) => ({
    detail: 'Webhook endpoints',
    payload: (await endpointsOf(db, account.user.id)).map(endpointJson),
  }));

  route(app, endpoints.create, async ({ account, body }) => {
    await checkUrl(body.url);
    if ((await endpointsOf(db, account.user.id)).length >= MAX_WEBHOOK_ENDPOINTS)
      throw new HttpError(409, `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const row = await insertEndpoint(db, {
      userId: account.user.id,
      url: body.url,
      events: [...new Set(body.events)],
      secret,
    });
    return {
      detail: 'Webhook endpoint added: keep its secret, it is shown once',
      payload: { endpoint: endpointJson(row), secret },
    };
  });

  route(app, endpoints.update, async ({ account, params, body }) => {
    if (!isUuid(params.id)) throw notFound();
    // An empty change would be an UPDATE with nothing to set (the contract fuzz found the 500 it made).
    if (body.url === undefined && body.events === undefined && body.enabled === undefined)
      throw new HttpError(400, 'Nothing to change: send url, events or enabled');
    if (body.url !== undefined) await checkUrl(body.url);
    const row = await updateEndpoint(db, account.user.id, params.id, {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.events === undefined ? {} : { events: [...new Set(body.events)] }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    });
    if (!row) throw notFound();
    return { detail: 'Webhook endpoint saved', payload: endpointJson(row) };
  });

  route(app, endpoints.remove, async ({ account, params }) => {
    if (!isUuid(params.id) || !(await deleteEndpoint(db, account.user.id, params.id))) throw notFound();
    return { detail: 'Webhook endpoint removed' };
  });

  route(app, endpoints.deliveries, async ({ account, query }) => {
    const endpointId = query.endpoint_id;
    if (
      endpointId !== undefined &&
      (!isUuid(endpointId) || !(await endpointOf(db, account.user.id, endpointId)))
    )
      throw notFound();
    const rows = await deliveriesOf(db, { userId: account.user.id, ...(endpointId ? { endpointId } : {}) });
    return { detail: 'Webhook deliveries', payload: rows.map(deliveryJson) };
  });

  route(app, endpoints.resend, async ({ account, params }) => {
    if (!isUuid(params.id) || !(await deliveryOf(db, params.id, account.user.id)))
      throw new HttpError(404, 'Delivery not found');
    await deps.sender.sendNow([params.id]);
    const row = await deliveryOf(db, params.id, account.user.id);
    return { detail: 'Delivery sent again', payload: deliveryJson(row!) };
  });

  adminDeliveryRoutes(app, deps);
};
