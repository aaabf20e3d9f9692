import { adminDocumentEndpoints as admin, documentEndpoints as customer } from '@proxydesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from '../admin/actor.js';
import type { DocumentsService, PdfFile } from './documents.service.js';

/** A PDF as the answer, saved under its number; never cached by a shared cache (it is a customer's). */
const sendPdf = (reply: FastifyReply, file: PdfFile) => {
  void reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);
  return Promise.resolve(reply as never);
};

/** Invoice and credit-note PDFs (the owner or staff; another customer gets 404) and the shop's identity. */
export const documentRoutes = (app: FastifyInstance, documents: DocumentsService): void => {
  route(app, customer.invoicePdf, async ({ account, params, reply }) =>
    sendPdf(reply, await documents.invoicePdf(params.invoice_id, account.user.id)),
  );
  route(app, customer.creditNotePdf, async ({ account, params, reply }) =>
    sendPdf(reply, await documents.creditNotePdf(params.id, account.user.id)),
  );
  route(app, admin.invoicePdf, async ({ params, reply }) =>
    sendPdf(reply, await documents.invoicePdf(params.id)),
  );
  route(app, admin.creditNotePdf, async ({ params, reply }) =>
    sendPdf(reply, await documents.creditNotePdf(params.id)),
  );
  route(app, admin.shop, async () => ({ payload: await documents.shop() }));
  route(app, admin.saveShop, async ({ body: { reason, ...identity }, account, request }) => ({
    detail: 'Saved: documents issued from now on show these details',
    payload: await documents.saveShop(actorOf(account, request), identity, reason),
  }));
};
