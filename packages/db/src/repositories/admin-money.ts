import { PENDING_WINDOW_MS } from '@proxydesk/contract';
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, not, or, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { invoices, paymentEvents, users } from '../schema/index.js';
import type { Actor } from './admin.js';
import { auditedChange, Refusal } from './admin-audited.js';
import { customerIs } from './customer-filter.js';
import { applyPayment } from './payments.js';
import { onePage } from './paging.js';

export const INVOICE_FILTER_STATES = ['paid', 'pending', 'expired', 'refunded', 'flagged'] as const;
export type InvoiceFilterState = (typeof INVOICE_FILTER_STATES)[number];

export interface InvoiceFilter {
  status?: InvoiceFilterState | undefined;
  method?: string | undefined;
  product?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  until?: Date | undefined;
  /** A customer's id or exact username. */
  customer?: string | undefined;
}

/** Still in its pending hour, or before a by-hand invoice's due time (issue #30 item 7). */
const inPendingTime = (now: Date, pendingSince: Date): SQL =>
  or(gte(invoices.createdAt, pendingSince), and(isNotNull(invoices.dueAt), gt(invoices.dueAt, now)))!;

const invoiceWhere = (filter: InvoiceFilter, now: Date): SQL | undefined => {
  const pendingSince = new Date(now.getTime() - PENDING_WINDOW_MS);
  return and(
    filter.status === 'paid' ? and(eq(invoices.paid, true), isNull(invoices.refundedAt)) : undefined,
    filter.status === 'pending'
      ? and(eq(invoices.paid, false), isNull(invoices.expiredAt), inPendingTime(now, pendingSince))
      : undefined,
    filter.status === 'expired'
      ? and(
          eq(invoices.paid, false),
          or(isNotNull(invoices.expiredAt), not(inPendingTime(now, pendingSince))),
        )
      : undefined,
    filter.status === 'refunded'
      ? or(isNotNull(invoices.refundedAt), gt(invoices.refundedCents, 0))
      : undefined,
    filter.status === 'flagged' ? isNotNull(invoices.flag) : undefined,
    filter.method ? eq(invoices.paymentMethod, filter.method) : undefined,
    filter.product ? eq(invoices.proxyType, filter.product) : undefined,
    filter.from ? gte(invoices.createdAt, filter.from) : undefined,
    filter.until ? lt(invoices.createdAt, filter.until) : undefined,
    customerIs(invoices.userId, filter.customer),
  );
};

const invoiceColumns = { invoice: invoices, username: users.username };

/** Invoices with their customers' names, newest first. */
const invoicesNewestFirst = (db: Db, where: SQL | undefined) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id));

/** Invoices matching the filter, newest first, paged, with the number matching. */
export const listAllInvoices = async (
  db: Db,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
  now = new Date(),
) => {
  const where = invoiceWhere(filter, now);
  return onePage(
    invoicesNewestFirst(db, where),
    db.select({ n: count() }).from(invoices).where(where),
    page,
    pageSize,
  );
};

/** Every invoice matching the filter, newest first, `batch` rows at a time (the CSV export). */
export async function* eachInvoice(db: Db, filter: InvoiceFilter, batch = 2000, now = new Date()) {
  const where = invoiceWhere(filter, now);
  for (let offset = 0; ; offset += batch) {
    const rows = await invoicesNewestFirst(db, where).limit(batch).offset(offset);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** One invoice with its customer and its provider events, oldest first. */
export const invoiceWithEvents = async (db: Db, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  const events = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.invoiceId, id))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
  return { ...row, events };
};

/** Provider events, newest first, optionally of one provider or type. */
export const listPaymentEvents = async (
  db: Db,
  filter: { provider?: string | undefined; type?: string | undefined },
  page: number,
  pageSize: number,
) => {
  const where = and(
    filter.provider ? eq(paymentEvents.provider, filter.provider) : undefined,
    filter.type ? eq(paymentEvents.type, filter.type) : undefined,
  );
  return onePage(
    db
      .select()
      .from(paymentEvents)
      .where(where)
      .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id)),
    db.select({ n: count() }).from(paymentEvents).where(where),
    page,
    pageSize,
  );
};

/** How the operator says the money came (issue #30 item 7): kept as the invoice's method and payment reference. */
export interface ManualPayment {
  method: string;
  reference: string | null;
}

/**
 * Marks an unpaid invoice paid on the operator's word (a bank transfer): the same path as a provider's payment
 * (applyPayment: provisioning, coupon, referral), recorded as a `manual` event, with its audit row, in one
 * transaction. A second call finds it paid and changes nothing. With `payment`, the invoice then says how it was
 * paid and the transfer's reference.
 */
export const markInvoicePaid = (
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
  payment: ManualPayment | null = null,
  referralPointsPerEuro = 1,
) =>
  auditedChange(
    db,
    actor,
    { action: 'invoice.mark-paid', targetType: 'invoice', targetId: id, reason },
    async (tx) => {
      if (!isUuid(id)) return undefined;
      const [invoice] = await tx
        .select({ paid: invoices.paid, method: invoices.paymentMethod })
        .from(invoices)
        .where(eq(invoices.id, id));
      if (!invoice) return undefined;
      if (invoice.paid) throw new Refusal('This invoice is paid already');
      const result = await applyPayment(
        tx,
        {
          provider: 'manual',
          eventId: `manual-${id}`,
          type: 'manual.paid',
          invoiceId: id,
          payload: { by: actor.userId, reason, ...(payment ?? {}) },
          paymentRef: payment?.reference ?? null,
          ...(payment ? { paymentMethod: payment.method } : {}),
        },
        referralPointsPerEuro,
      );
      if (result.outcome !== 'provisioned') throw new Refusal('This invoice is paid already');
      const how = payment ? { method: payment.method, reference: payment.reference } : {};
      return {
        before: { paid: false, method: invoice.method },
        after: { paid: true, flag: result.flag, ...how },
        result,
      };
    },
  );
