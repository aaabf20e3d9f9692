import { balanceEndpoints, centsToEuro, couponEndpoints, invoiceEndpoints } from '@proxydesk/contract';
import { billingDetailsOf, findOwnInvoice, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { toBilling } from '../billing/billing.routes.js';
import type { DocumentsService } from '../documents/documents.service.js';
import { toInvoice, type InvoiceService } from './invoice.service.js';
import type { Quotes } from './quote.js';

/** SPEC.md §7 `/v1/invoice/*`. Checkout needs billing details first (SPEC.md §4). */
export const invoiceRoutes = (
  app: FastifyInstance,
  db: Db,
  invoices: InvoiceService,
  quotes: Quotes,
  { publicUrl, documents }: { publicUrl: string; documents: DocumentsService },
): void => {
  const requireBilling = async (userId: string) => {
    if (!(await billingDetailsOf(db, userId))) throw new HttpError(400, 'Add your billing details first');
  };

  route(app, invoiceEndpoints.create, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quotes.plan(body), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  });
  route(app, invoiceEndpoints.createNormal, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quotes.normal(body), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  });
  route(app, invoiceEndpoints.buyAdditional, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quotes.additional(account.user.id, body), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  });
  route(app, invoiceEndpoints.customCheckout, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quotes.custom(body), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  });
  route(app, invoiceEndpoints.renew, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quotes.renewal(account.user.id, body.plan_id), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  });
  route(app, invoiceEndpoints.renewQuote, async ({ account, query }) => {
    const quote = await quotes.renewal(account.user.id, query.plan_id);
    return { payload: { plan_name: quote.planName, price: centsToEuro(quote.listPriceCents) } };
  });
  route(app, invoiceEndpoints.createBalance, async ({ account, body }) => {
    await requireBilling(account.user.id);
    return invoices.create(account, quotes.balance(body.amount), { paymentMethod: body.payment_method });
  });

  route(app, couponEndpoints.check, async ({ account, query }) => ({
    payload: await invoices.checkCoupon(account, query.code),
  }));
  route(app, balanceEndpoints.history, ({ account, query }) =>
    invoices.ledger(account, query.page ?? 1, (page) => `${publicUrl}/v1/balance/history?page=${page}`),
  );

  route(app, invoiceEndpoints.list, ({ account, query }) =>
    invoices.list(account, query.page ?? 1, (page) => `${publicUrl}/v1/invoice/read?page=${page}`),
  );
  route(app, invoiceEndpoints.read, async ({ account, params }) => {
    // Another customer's, malformed or no such invoice: all the same 404 (DESIGN.md §2).
    const row = await findOwnInvoice(db, account.user.id, params.invoice_id);
    if (!row) throw new HttpError(404, 'Invoice not found');
    return {
      payload: {
        invoice: toInvoice(row),
        billing: await billingDetailsOf(db, account.user.id).then((found) =>
          found ? toBilling(found) : null,
        ),
        ...(await documents.extras(row)),
      },
    };
  });
};
