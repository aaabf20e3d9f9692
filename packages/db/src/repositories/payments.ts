import { PENDING_WINDOW_MS } from '@proxydesk/contract';
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { queueWebhookEvent } from './webhooks.js';
import { isUuid } from '../schema/columns.js';
import {
  balanceLedger,
  couponRedemptions,
  coupons,
  customerPlans,
  invoices,
  paymentEvents,
  users,
} from '../schema/index.js';
import { issueInvoice } from './documents.js';
import { holdsCouponUse, type InvoiceRow } from './invoices.js';
import { queueReceipt } from './lifecycle-mails.js';
import { ownRowsPage } from './own-row.js';

/**
 * What became of a payment event (DESIGN.md §4): provisioned at most once, whatever arrives twice; an event
 * that does not match its invoice (`mismatch`) is recorded and flagged, never provisioned.
 */
export type PaymentOutcome =
  'provisioned' | 'duplicate-event' | 'already-paid' | 'unknown-invoice' | 'mismatch';

/** The outcome, and why the invoice was flagged for the operator by this event (null: it was not). */
export interface PaymentResult {
  outcome: PaymentOutcome;
  flag: string | null;
}

export interface PaymentEvent {
  provider: string;
  /** The provider's own event id: recorded once under a unique key. */
  eventId: string;
  type: string;
  invoiceId: string | null;
  payload: unknown;
  /** The provider's id of the payment (Stripe payment intent…): what its refunds and disputes name. */
  paymentRef?: string | null;
  /** Why this payment cannot pay this invoice (amount, currency, provider), or null; judged under its lock. */
  mismatch?: (invoice: InvoiceRow) => string | null;
  /** How the money came when the shop says so (a bank transfer): becomes the invoice's payment method. */
  paymentMethod?: string;
}

/** Products sold by the IP wait for activation with an IP; the others run from the moment they are paid. */
const WAITS_FOR_ACTIVATION = new Set(['PR_4', 'PR_5']);

/**
 * Another period of the customer's plan (issue #16 §5): from its end, or from now if it has ended (within the
 * grace period, its addresses are still its own); same addresses, whitelist and name. Per-GB plans get the
 * period's GB on top. A plan that is pending or suspended is not extended: the invoice is flagged instead.
 */
const renew = async (tx: Db, invoice: InvoiceRow, now: Date): Promise<string | null> => {
  if (!invoice.targetPlanId) throw new Error(`invoice ${invoice.id} has no plan to renew`);
  const [plan] = await tx
    .select()
    .from(customerPlans)
    .where(eq(customerPlans.id, invoice.targetPlanId))
    .for('update');
  if (!plan) throw new Error(`invoice ${invoice.id} renews a plan that does not exist`);
  if (plan.status === 'pending' || plan.status === 'suspended')
    return `renewal paid for a ${plan.status} plan: not extended`;
  const from = plan.expiresAt && plan.expiresAt > now ? plan.expiresAt : now;
  await tx
    .update(customerPlans)
    .set({
      status: 'active',
      expiresAt: new Date(from.getTime() + (invoice.durationHours ?? 0) * 3_600_000),
      dataGb:
        invoice.dataGb === null ? plan.dataGb : sql`coalesce(${customerPlans.dataGb}, 0) + ${invoice.dataGb}`,
      autoRenewFailedFor: null,
    })
    .where(eq(customerPlans.id, plan.id));
  return null;
};

/** Gives what the invoice bought; answers why the operator should look at it, or null. */
const provision = async (tx: Db, invoice: InvoiceRow, now: Date): Promise<string | null> => {
  if (invoice.kind === 'renewal') return renew(tx, invoice, now);
  // An operator's custom line (issue #30 item 7) sells something outside the catalogue: nothing to provision.
  if (invoice.kind === 'custom_line') return null;
  if (invoice.kind === 'balance') {
    await tx.insert(balanceLedger).values({
      userId: invoice.userId,
      amountCents: invoice.listPriceCents,
      reason: 'Top-up',
      invoiceId: invoice.id,
    });
    return null;
  }
  if (invoice.kind === 'additional_gb') {
    if (!invoice.targetPlanId || invoice.dataGb === null)
      throw new Error(`invoice ${invoice.id} has no plan to extend`);
    await tx
      .update(customerPlans)
      .set({ dataGb: sql`coalesce(${customerPlans.dataGb}, 0) + ${invoice.dataGb}` })
      .where(eq(customerPlans.id, invoice.targetPlanId));
    return null;
  }
  const waits = WAITS_FOR_ACTIVATION.has(invoice.proxyType);
  await tx.insert(customerPlans).values({
    userId: invoice.userId,
    invoiceId: invoice.id,
    productType: invoice.proxyType,
    planName: invoice.planName,
    status: waits ? 'pending' : 'active',
    ipAmount: invoice.ipAmount,
    dataGb: invoice.dataGb,
    durationHours: invoice.durationHours ?? 0,
    activatedAt: waits ? null : now,
    expiresAt: waits ? null : new Date(now.getTime() + (invoice.durationHours ?? 0) * 3_600_000),
  });
  return null;
};

/** Adds a reason to the invoice's flag for the operator (DESIGN.md §4: money received is never lost). */
export const flagInvoice = async (tx: Db, invoiceId: string, reason: string) => {
  await tx
    .update(invoices)
    .set({ flag: sql`coalesce(${invoices.flag} || '; ', '') || ${reason}` })
    .where(eq(invoices.id, invoiceId));
};

/**
 * The invoice's coupon checked again at payment time, under the coupon's lock, as if redeemed now (the
 * invoice's own hold aside): why this use goes past the coupon's terms, or null. Only a late payment can
 * go past its limits, since an invoice in its pending hour holds its use; a late payment is honoured all
 * the same, and its use counted (ADR 005).
 */
const couponOverdrawn = async (tx: Db, invoice: InvoiceRow, now: Date): Promise<string | null> => {
  if (invoice.couponId === null) return null;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, invoice.couponId)).for('update');
  if (!coupon) return null;
  const late = invoice.createdAt.getTime() + PENDING_WINDOW_MS <= now.getTime();
  const [redeemed] = await tx
    .select({
      all: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${invoice.userId})`.mapWith(
        Number,
      ),
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), ne(couponRedemptions.invoiceId, invoice.id)));
  const [held] = await tx
    .select({ all: count() })
    .from(invoices)
    .where(and(eq(invoices.couponId, coupon.id), ne(invoices.id, invoice.id), holdsCouponUse(now)));
  const code = coupon.code;
  if (coupon.oncePerCustomer && (redeemed?.mine ?? 0) > 0)
    return `coupon ${code} used again by the same customer`;
  if (coupon.maxUses !== null && (redeemed?.all ?? 0) + (held?.all ?? 0) >= coupon.maxUses)
    return `coupon ${code} used past its ${coupon.maxUses} uses`;
  if (late && !coupon.isActive) return `coupon ${code} withdrawn before this late payment`;
  if (late && coupon.validUntil && coupon.validUntil <= now)
    return `coupon ${code} expired before this late payment`;
  return null;
};

/** Which invoice an event names by our id; a malformed id names none. */
export const invoiceById = (id: string | null | undefined): SQL | null =>
  id && isUuid(id) ? eq(invoices.id, id) : null;

/** A provider event as recorded once under its unique (provider, event id). */
type RecordedEvent = Pick<PaymentEvent, 'provider' | 'eventId' | 'type' | 'payload'>;

/**
 * Locks the invoice an event is about (found by `which`), then records the event once: `recorded` is false for
 * a duplicate. The invoice is locked before the event is written: the event's foreign key share-locks the
 * invoice, and two events for one invoice taking those locks the other way round would deadlock.
 */
export const lockAndRecord = async (
  tx: Db,
  event: RecordedEvent,
  which: SQL | null | undefined,
): Promise<{ recorded: boolean; invoice: InvoiceRow | undefined }> => {
  const [invoice] = which ? await tx.select().from(invoices).where(which).limit(1).for('update') : [];
  const recorded = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      invoiceId: invoice?.id ?? null,
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return { recorded: recorded.length > 0, invoice };
};

/**
 * Inside the caller's transaction: records the event, and if it is the first word of payment for an
 * unpaid invoice, marks it paid and provisions it, redeems its coupon and rewards the referrer. The
 * invoice row is locked, so concurrent events for one invoice provision once. An expired invoice that is
 * paid anyway is honoured: money received is never lost.
 */
export const applyPayment = async (
  tx: Db,
  event: PaymentEvent,
  referralPointsPerEuro: number,
): Promise<PaymentResult> => {
  const { recorded, invoice } = await lockAndRecord(tx, event, invoiceById(event.invoiceId));
  if (!recorded) return { outcome: 'duplicate-event', flag: null };
  if (!invoice) return { outcome: 'unknown-invoice', flag: null };
  if (invoice.paid) return { outcome: 'already-paid', flag: null };
  const mismatch = event.mismatch?.(invoice) ?? null;
  if (mismatch) {
    await flagInvoice(tx, invoice.id, mismatch);
    return { outcome: 'mismatch', flag: mismatch };
  }

  const now = new Date();
  // The referrer earns on money paid in, not on money spent again from a balance.
  const points =
    invoice.paymentMethod === 'balance' ? 0 : Math.floor(invoice.priceCents / 100) * referralPointsPerEuro;
  await tx
    .update(invoices)
    .set({
      paid: true,
      paidAt: now,
      paymentRef: event.paymentRef ?? null,
      referralPoints: points,
      paymentMethod: event.paymentMethod ?? invoice.paymentMethod,
    })
    .where(eq(invoices.id, invoice.id));
  const unprovisioned = await provision(tx, invoice, now);
  await notifyAccessChanged(tx);
  await queueReceipt(tx, invoice);
  await queueWebhookEvent(tx, {
    userId: invoice.userId,
    type: 'invoice.paid',
    onceKey: `invoice.paid:${invoice.id}`,
    data: {
      invoice_id: invoice.id,
      plan_name: invoice.planName,
      amount: invoice.priceCents / 100,
      currency: 'EUR',
      payment_method: invoice.paymentMethod,
      paid_at: now.toISOString(),
    },
  });
  const overdrawn = await couponOverdrawn(tx, invoice, now);
  const flag = [unprovisioned, overdrawn].filter(Boolean).join('; ') || null;
  if (flag) await flagInvoice(tx, invoice.id, flag);
  if (invoice.couponId !== null) {
    await tx
      .insert(couponRedemptions)
      .values({ couponId: invoice.couponId, userId: invoice.userId, invoiceId: invoice.id })
      .onConflictDoNothing();
  }
  if (points > 0) {
    const [customer] = await tx
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, invoice.userId));
    if (customer?.referredBy) {
      await tx
        .update(users)
        .set({ referralPoints: sql`${users.referralPoints} + ${points}` })
        .where(eq(users.id, customer.referredBy));
    }
  }
  // Its number and the document as issued (issue #30 §1), last: the year's counter is held until the commit.
  await issueInvoice(
    tx,
    { ...invoice, paymentMethod: event.paymentMethod ?? invoice.paymentMethod },
    { paidAt: now, provider: event.provider },
  );
  return { outcome: 'provisioned', flag };
};

export const recordPayment = (
  db: Db,
  event: PaymentEvent,
  referralPointsPerEuro = 1,
): Promise<PaymentResult> =>
  db.transaction((tx) => applyPayment(tx as unknown as Db, event, referralPointsPerEuro));

/**
 * Locks the customer's row, the one lock every change of a balance takes (issue #28 §5). A transaction that
 * spends the balance takes it first, before it inserts anything that refers to the customer: such an insert
 * share-locks the row (its foreign key), and two purchases that each held that share lock and then asked for
 * this one waited for each other (a deadlock).
 */
export const lockBalanceOwner = async (tx: Db, userId: string): Promise<void> => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

/** Locks the customer's row and answers the balance, for spending it inside the same transaction. */
export const lockedBalanceCents = async (tx: Db, userId: string): Promise<number> => {
  await lockBalanceOwner(tx, userId);
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${balanceLedger.amountCents})` })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return Number(row?.cents ?? 0);
};

export const spendBalance = async (
  tx: Db,
  userId: string,
  cents: number,
  invoiceId: string,
  reason: string,
): Promise<void> => {
  await tx.insert(balanceLedger).values({ userId, amountCents: -cents, reason, invoiceId });
};

/** A customer's ledger, newest first, `pageSize` a page, with the total. */
export const listLedger = (db: Db, userId: string, page: number, pageSize: number) =>
  ownRowsPage(db, balanceLedger, userId, page, pageSize);
