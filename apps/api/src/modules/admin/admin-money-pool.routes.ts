import { Readable } from 'node:stream';
import { adminMoneyEndpoints as money, adminPoolEndpoints as pool } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from './actor.js';
import type { AdminMoneyService } from './admin-money.service.js';
import type { AdminPoolService } from './admin-pool.service.js';
import { pageLink } from './page-link.js';

/** Money (issue #17 §4) and the address pools (§6) in the console. */
export const adminMoneyPoolRoutes = (
  app: FastifyInstance,
  services: { money: AdminMoneyService; pool: AdminPoolService },
  publicUrl: string,
): void => {
  route(app, money.invoices, async ({ query: { page, ...filter } }) =>
    services.money.invoices(filter, page ?? 1, pageLink(`${publicUrl}/v1/admin/invoices`, filter)),
  );
  route(app, money.invoicesCsv, ({ query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="invoices-${day}.csv"`)
      .send(Readable.from(services.money.csv(query)));
    // The stream is the answer: Fastify sends it as it comes, a batch of rows at a time.
    return Promise.resolve(reply as never);
  });
  route(app, money.invoice, async ({ params }) => ({ payload: await services.money.invoice(params.id) }));
  route(app, money.refund, async ({ params, body, account, request }) => ({
    detail: await services.money.refund(
      actorOf(account, request),
      params.id,
      body.amount ?? null,
      body.reason,
    ),
  }));
  route(app, money.markPaid, async ({ params, body, account, request }) => ({
    detail: await services.money.markPaid(
      actorOf(account, request),
      params.id,
      body.reason,
      body.method ? { method: body.method, reference: body.reference?.trim() || null } : null,
    ),
  }));
  route(app, money.paymentEvents, async ({ query: { page, ...filter } }) =>
    services.money.paymentEvents(filter, page ?? 1, pageLink(`${publicUrl}/v1/admin/payment-events`, filter)),
  );

  route(app, pool.pool, async ({ query: { page, ...filter } }) =>
    services.pool.list(filter, page ?? 1, pageLink(`${publicUrl}/v1/admin/pool`, filter)),
  );
  route(app, pool.utilisation, async () => ({ payload: await services.pool.utilisation() }));
  route(app, pool.importPool, async ({ body, account, request }) => {
    const result = await services.pool.import(
      actorOf(account, request),
      body.product,
      body.lines,
      body.reason,
    );
    return { detail: `${result.added} added, ${result.existing} already in the pool`, payload: result };
  });
  route(app, pool.retire, async ({ params, body, account, request }) => ({
    detail: 'Address retired',
    payload: await services.pool.retire(actorOf(account, request), params.id, body.reason),
  }));
};
