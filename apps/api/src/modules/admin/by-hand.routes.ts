import { adminByHandEndpoints as byHand, euroToCents } from '@proxydesk/contract';
import {
  addCustomerNote,
  createInvoiceByHand,
  deleteUnopenedInvoice,
  setCustomerBilling,
  setPlanEnd,
  setPlanSuspended,
  type Db,
  type InvoiceRow,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { billingInputOf } from '../billing/billing.routes.js';
import type { Vies } from '../billing/vies.js';
import type { Quote } from '../invoices/quote.js';
import type { PaymentService } from '../payments/payment.service.js';
import type { TaxService } from '../tax/tax.service.js';
import { customerAction } from './customer-actions.js';

const DAY_MS = 86_400_000;
/** How far ahead a by-hand invoice may fall due. */
const MAX_DUE_DAYS = 366;

/** The end of a UTC day `YYYY-MM-DD`: the invoice stays payable through that whole day. */
const endOfDay = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS);

/**
 * Set right by hand in the console (issue #30 items 5 and 7): billing details, an invoice, one plan's end or
 * suspension, and staff notes. Each runs through changeCustomer: target checked, changed and audited at once.
 */
export const byHandRoutes = (
  app: FastifyInstance,
  deps: {
    db: Db;
    payments: PaymentService;
    quotePlan: (plan: number) => Promise<Quote>;
    isMethodOnSale: (code: string) => Promise<boolean>;
    vies: Vies;
    tax: TaxService;
  },
): void => {
  const { db, payments } = deps;
  const act = customerAction(db);

  route(app, byHand.setBilling, async ({ params, body, account, request }) => {
    const details = billingInputOf(body);
    const checked = { ...details, ...(await deps.vies.vatCheckOf(details)) };
    await act(account, request, params.id, body.reason, setCustomerBilling(checked));
    return { detail: 'Billing details saved: invoices issued from now on use them' };
  });

  route(app, byHand.createInvoice, async ({ params, body, account, request }) => {
    const method = body.payment_method;
    if (method === 'balance')
      throw new HttpError(400, 'A by-hand invoice is paid through a provider, or marked paid by you');
    if (!payments.accepts(method) || !(await deps.isMethodOnSale(method)))
      throw new HttpError(400, 'This payment method is not available');
    const dueAt = endOfDay(body.due_date);
    const now = Date.now();
    if (dueAt.getTime() <= now) throw new HttpError(400, 'The due date is today or later');
    if (dueAt.getTime() > now + MAX_DUE_DAYS * DAY_MS)
      throw new HttpError(400, `The due date is at most ${MAX_DUE_DAYS} days ahead`);
    const quote: Quote = body.plan
      ? await deps.quotePlan(body.plan)
      : {
          kind: 'custom_line',
          planId: null,
          planName: body.description ?? '',
          listPriceCents: euroToCents(body.price ?? 0),
          dataGb: null,
          ipAmount: null,
          durationHours: null,
          proxyType: 'custom',
        };
    const priceCents = body.price ? euroToCents(body.price) : quote.listPriceCents;
    if (priceCents <= 0) throw new HttpError(400, 'A by-hand invoice has a price above 0');
    let invoice: InvoiceRow | undefined;
    let email = '';
    await act(account, request, params.id, body.reason, async (tx, user) => {
      email = user.email;
      return createInvoiceByHand(
        {
          ...quote,
          // The agreed price is the price: no discount line on a document made by hand.
          listPriceCents: priceCents,
          ...(await deps.tax.invoiceSums(tx, user.id, priceCents)),
          couponId: null,
          couponCode: null,
          paymentMethod: method,
          dueAt,
          note: body.note?.trim() || null,
        },
        (row) => (invoice = row),
      )(tx, user);
    });
    if (!invoice) throw new Error('by-hand invoice was not created');
    const created = invoice;
    // As at checkout: no checkout, no invoice (one no provider knows could never be paid by the customer).
    const hostedUrl = await payments.checkout(created, email).catch(async (error: unknown) => {
      await deleteUnopenedInvoice(db, created.id);
      throw error;
    });
    return {
      detail: 'Invoice made: the customer sees it in their invoices and can pay it until its due date',
      payload: { invoice_id: created.id, hosted_url: hostedUrl },
    };
  });

  route(app, byHand.setPlanEnd, async ({ params, body, account, request }) => {
    const expiresAt = new Date(body.expires_at);
    if (expiresAt.getTime() <= Date.now())
      throw new HttpError(400, 'The new end is still to come: to stop a plan now, suspend it');
    if (expiresAt.getUTCFullYear() > 2100) throw new HttpError(400, 'The new end is before 2100');
    await act(account, request, params.id, body.reason, setPlanEnd({ planId: body.plan_id, expiresAt }));
    return { detail: `The plan now ends ${expiresAt.toISOString()}` };
  });

  route(app, byHand.setPlanSuspended, async ({ params, body, account, request }) => {
    const { after } = await act(account, request, params.id, body.reason, async (tx, user) => {
      const outcome = await setPlanSuspended({ planId: body.plan_id, suspended: body.suspended })(tx, user);
      return outcome === 'unchanged' ? ('plan-unchanged' as const) : outcome;
    });
    return {
      detail: body.suspended
        ? 'Plan suspended: the gateways refuse it within seconds'
        : `Plan resumed (${String(after.status)})`,
    };
  });

  route(app, byHand.addNote, async ({ params, body, account, request }) => {
    let note: { id: number; body: string; createdAt: Date } | undefined;
    await act(
      account,
      request,
      params.id,
      'Staff note',
      addCustomerNote(account.user.id, body.body, (row) => (note = row)),
    );
    if (!note) throw new Error('note was not written');
    return {
      detail: 'Note added',
      payload: {
        id: note.id,
        body: note.body,
        author: account.user.username,
        created: note.createdAt.toISOString(),
      },
    };
  });
};
