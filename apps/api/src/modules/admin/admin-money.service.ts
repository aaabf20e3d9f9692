import {
  centsToEuro,
  csvRow,
  euroToCents,
  invoiceStatus,
  type AdminInvoice,
  type AdminInvoiceFilter,
} from '@proxydesk/contract';
import {
  auditedChange,
  customerActionRefusal,
  eachInvoice,
  findInvoiceById,
  findUserById,
  invoiceWithEvents,
  isUuid,
  listAllInvoices,
  listCreditNotes,
  listPaymentEvents,
  markInvoicePaid,
  toCreditNote,
  type Actor,
  type Db,
  type InvoiceFilter,
  type ManualPayment,
  type schema,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { PaymentService } from '../payments/payment.service.js';
import { invoiceTax } from '../tax/invoice-tax.js';
import { refusalsAnswered, TARGET_REFUSALS } from './refusals.js';

const PAGE_SIZE = 10;
const DAY_MS = 86_400_000;

type InvoiceRow = typeof schema.invoices.$inferSelect;
type PaymentEventRow = typeof schema.paymentEvents.$inferSelect;

const invoiceOf = ({ invoice, username }: { invoice: InvoiceRow; username: string }): AdminInvoice => ({
  id: invoice.id,
  customer_id: invoice.userId,
  username,
  kind: invoice.kind,
  product: invoice.proxyType,
  plan_name: invoice.planName,
  price: centsToEuro(invoice.priceCents),
  list_price: centsToEuro(invoice.listPriceCents),
  coupon: invoice.couponCode,
  payment_method: invoice.paymentMethod,
  status: invoiceStatus(
    {
      paid: invoice.paid,
      refunded: invoice.refundedAt !== null,
      expired: invoice.expiredAt !== null,
      due: invoice.dueAt,
    },
    invoice.createdAt,
  ).toLowerCase() as AdminInvoice['status'],
  refunded: centsToEuro(invoice.refundedCents),
  flag: invoice.flag,
  created: invoice.createdAt.toISOString(),
  paid_at: invoice.paidAt ? invoice.paidAt.toISOString() : null,
  due_at: invoice.dueAt ? invoice.dueAt.toISOString() : null,
  number: invoice.number,
});

const eventOf = (event: PaymentEventRow) => ({
  id: event.id,
  provider: event.provider,
  event_id: event.eventId,
  type: event.type,
  invoice_id: event.invoiceId,
  received: event.receivedAt.toISOString(),
  payload: event.payload,
});

/** The query's filter as the repository takes it: `to` is a whole UTC day. */
const filterOf = (query: AdminInvoiceFilter): InvoiceFilter => ({
  status: query.status,
  method: query.method,
  product: query.product,
  customer: query.customer,
  from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
  until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
});

const CSV_COLUMNS = [
  'number',
  'id',
  'created',
  'paid_at',
  'status',
  'flag',
  'username',
  'customer_id',
  'kind',
  'product',
  'plan_name',
  'list_price',
  'price',
  'refunded',
  'coupon',
  'payment_method',
] as const satisfies readonly (keyof AdminInvoice)[];

/** Invoices and payment events in the console (issue #17 §4). */
/**
 * Money actions on an invoice ask whose it is (issue #28): an operator never refunds or marks paid their own
 * invoice, nor a member of staff's (the same rule as every customer action).
 */
const invoiceOwnerRefusal = async (db: Db, actor: Actor, userId: string) => {
  const owner = await findUserById(db, userId);
  const refused = owner && customerActionRefusal(actor, owner);
  if (refused) throw new HttpError(...TARGET_REFUSALS[refused]);
};

export const createAdminMoneyService = (db: Db, payments: PaymentService) => ({
  invoices: async (query: AdminInvoiceFilter, page: number, pageUrl: (page: number) => string) => {
    const { rows, count } = await listAllInvoices(db, filterOf(query), page, PAGE_SIZE);
    return {
      count,
      next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
      results: rows.map(invoiceOf),
    };
  },

  csv: async function* (query: AdminInvoiceFilter) {
    yield csvRow(CSV_COLUMNS);
    for await (const row of eachInvoice(db, filterOf(query))) {
      const invoice = invoiceOf(row);
      yield csvRow(CSV_COLUMNS.map((column) => invoice[column]));
    }
  },

  invoice: async (id: string) => {
    const found = await invoiceWithEvents(db, id);
    if (!found) throw new HttpError(404, 'No such invoice');
    return {
      invoice: invoiceOf(found),
      events: found.events.map(eventOf),
      document: found.invoice.document ?? null,
      tax: invoiceTax(found.invoice),
      credit_notes: (await listCreditNotes(db, id)).map(toCreditNote),
    };
  },

  /**
   * The operator's refund (issue #16 §6, #17 §4): one path with the providers' own refunds. The provider's API is
   * asked (the sandbox and the balance answer at once); its event applies the refund. Audited once asked.
   */
  refund: async (actor: Actor, id: string, amount: number | null, reason: string) => {
    if (!isUuid(id)) throw new HttpError(404, 'No such invoice');
    const before = await findInvoiceById(db, id);
    if (!before) throw new HttpError(404, 'No such invoice');
    await invoiceOwnerRefusal(db, actor, before.userId);
    const cents = amount === null ? null : euroToCents(amount);
    const outcome = await payments.refundInvoice(id, cents, reason);
    const after = await findInvoiceById(db, id);
    await auditedChange(
      db,
      actor,
      { action: 'invoice.refund', targetType: 'invoice', targetId: id, reason },
      () =>
        Promise.resolve({
          before: { refunded_cents: before.refundedCents, refunded: before.refundedAt !== null },
          after: {
            asked_cents: cents ?? before.priceCents - before.refundedCents,
            refunded_cents: after?.refundedCents ?? before.refundedCents,
            refunded: (after?.refundedAt ?? null) !== null,
          },
          result: undefined,
        }),
    );
    return outcome === 'requested'
      ? 'Refund asked of the payment provider: its notification records it'
      : after?.refundedAt
        ? 'Refunded in full: the plan it bought is suspended'
        : 'Refunded in part';
  },

  markPaid: async (actor: Actor, id: string, reason: string, payment: ManualPayment | null = null) => {
    const invoice = isUuid(id) ? await findInvoiceById(db, id) : undefined;
    if (invoice) await invoiceOwnerRefusal(db, actor, invoice.userId);
    const result = await refusalsAnswered(markInvoicePaid(db, actor, id, reason, payment));
    if (!result) throw new HttpError(404, 'No such invoice');
    return result.flag
      ? `Marked paid and provisioned; flagged: ${result.flag}`
      : 'Marked paid and provisioned';
  },

  paymentEvents: async (
    filter: { provider?: string | undefined; type?: string | undefined },
    page: number,
    pageUrl: (page: number) => string,
  ) => {
    const { rows, count } = await listPaymentEvents(db, filter, page, PAGE_SIZE);
    return { count, next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null, results: rows.map(eventOf) };
  },
});

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
