import { webhookEndpoints as endpoints } from '@proxydesk/contract';
import {
  adminDeliveryOf,
  auditedChange,
  customerActionRefusal,
  findUserById,
  isUuid,
  listAllDeliveries,
  type Db,
} from '@proxydesk/db';
import { PAGE_SIZE } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../admin/actor.js';
import { pageLink } from '../admin/page-link.js';
import { TARGET_REFUSALS } from '../admin/refusals.js';
import { adminDeliveryJson } from './delivery-json.js';
import type { WebhookSender } from './sender.js';

const notFound = () => new HttpError(404, 'Delivery not found');

/**
 * The console's customer webhooks (issue #32 item 3): every customer's deliveries with the receivers' answers,
 * filtered like the Money page; an operator sends one again with a reason, audited, for a customer only (never
 * staff, never their own: the rule of every console action).
 */
export const adminDeliveryRoutes = (
  app: FastifyInstance,
  deps: { db: Db; sender: WebhookSender; publicUrl: string },
): void => {
  const { db } = deps;
  route(app, endpoints.adminDeliveries, async ({ query: { page = 1, ...query } }) => {
    const filter = {
      customer: query.customer,
      state: query.state || undefined,
      event: query.event || undefined,
    };
    const { rows, count } = await listAllDeliveries(db, filter, page, PAGE_SIZE);
    const next = pageLink(`${deps.publicUrl}/v1/admin/webhook-deliveries`, filter);
    return {
      count,
      next: page * PAGE_SIZE < count ? next(page + 1) : null,
      results: rows.map(adminDeliveryJson),
    };
  });

  route(app, endpoints.adminResend, async ({ params, body, account, request }) => {
    const before = isUuid(params.id) ? await adminDeliveryOf(db, params.id) : undefined;
    if (!before) throw notFound();
    const actor = actorOf(account, request);
    const owner = await findUserById(db, before.userId);
    const refused = owner && customerActionRefusal(actor, owner);
    if (refused) throw new HttpError(...TARGET_REFUSALS[refused]);
    await auditedChange(
      db,
      actor,
      { action: 'webhook.resend', targetType: 'webhook_delivery', targetId: before.id, reason: body.reason },
      () =>
        Promise.resolve({
          before: { state: before.state, attempts: before.attempts, last_status: before.lastStatus },
          after: { resent: true, event: before.type, url: before.url },
          result: undefined,
        }),
    );
    await deps.sender.sendNow([before.id]);
    const after = await adminDeliveryOf(db, before.id);
    if (!after) throw notFound();
    return {
      detail:
        after.state === 'delivered'
          ? 'Delivered'
          : `Sent again: ${after.lastError ?? `answered ${after.lastStatus}`}`,
      payload: adminDeliveryJson(after),
    };
  });
};
