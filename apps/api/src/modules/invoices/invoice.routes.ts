import { balanceEndpoints, centsToEuro, couponEndpoints, invoiceEndpoints } from '@proxydesk/contract';
import { billingDetailsOf, findOwnInvoice, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { toBilling } from '../billing/billing.routes.js';
import type { DocumentsService } from '../documents/documents.service.js';
import { toInvoice, type InvoiceService } from './invoice.service.js';
import type { Quote, Quotes } from './quote.js';
import type { Account } from '../../plugins/authenticate.js';

/** What every checkout body carries: how to pay and, except for a top-up, a promo code. */
type CheckoutChoice = { payment_method: string; coupon?: string | null };

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

  /** A checkout: billing details first, then the quote's invoice with the chosen method and promo code. */
  const checkout = async (account: Account, body: CheckoutChoice, quote: () => Quote | Promise<Quote>) => {
    await requireBilling(account.user.id);
    return invoices.create(account, await quote(), {
      paymentMethod: body.payment_method,
      coupon: body.coupon,
    });
  };

  route(app, invoiceEndpoints.create, ({ account, body }) =>
    checkout(account, body, () => quotes.plan(body)),
  );
  route(app, invoiceEndpoints.createNormal, ({ account, body }) =>
    checkout(account, body, () => quotes.normal(body)),
  );
  route(app, invoiceEndpoints.buyAdditional, ({ account, body }) =>
    checkout(account, body, () => quotes.additional(account.user.id, body)),
  );
  route(app, invoiceEndpoints.customCheckout, ({ account, body }) =>
    checkout(account, body, () => quotes.custom(body)),
  );
  route(app, invoiceEndpoints.renew, ({ account, body }) =>
    checkout(account, body, () => quotes.renewal(account.user.id, body.plan_id)),
  );
  route(app, invoiceEndpoints.renewQuote, async ({ account, query }) => {
    const quote = await quotes.renewal(account.user.id, query.plan_id);
    return { payload: { plan_name: quote.planName, price: centsToEuro(quote.listPriceCents) } };
  });
  route(app, invoiceEndpoints.createBalance, ({ account, body }) =>
    checkout(account, body, () => quotes.balance(body.amount)),
  );

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
