import { and, eq, sql, type SQL } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { balanceLedger, customerPlans, invoices, users } from '../schema/index.js';
import type { InvoiceRow } from './invoices.js';
import { queueRefundMail } from './lifecycle-mails.js';
import { flagInvoice, invoiceById, lockAndRecord } from './payments.js';

/**
 * What a provider says happened to a payment after it was made (issue #16 §6): money refunded (in part or in
 * full), or a dispute (chargeback) opened, won or lost.
 */
export type RefundChange =
  /**
   * `cents`: the refunded total so far (`cumulative`, as Stripe states it) or this refund alone (Paddle's
   * adjustments); `full` when the provider says the whole payment went back.
   */
  | { kind: 'refund'; cents: number; cumulative: boolean; full: boolean }
  | { kind: 'dispute-opened'; reason: string }
  | { kind: 'dispute-won' }
  | { kind: 'dispute-lost' };

export interface RefundEvent {
  provider: string;
  /** The provider's event id, recorded once under a unique key (a duplicate changes nothing). */
  eventId: string;
  type: string;
  payload: unknown;
  /** Our invoice id when the provider carries it, else the payment's id at the provider (`paymentRef`). */
  invoiceId?: string | null;
  paymentRef?: string | null;
  change: RefundChange;
}

export type RefundOutcome =
  | 'refunded'
  | 'partial-refund'
  | 'dispute-opened'
  | 'dispute-won'
  | 'already-refunded'
  | 'not-paid'
  | 'duplicate-event'
  | 'unknown-invoice';

/**
 * Takes back what a paid invoice gave: the plan it bought is suspended, the GB or period it added removed (a
 * renewal whose period is all that was left suspends its plan too).
 */
const withdrawProvision = async (tx: Db, invoice: InvoiceRow, now: Date) => {
  if (invoice.kind === 'balance') return;
  if (invoice.kind === 'additional_gb' || invoice.kind === 'renewal') {
    if (!invoice.targetPlanId) return;
    const hours = invoice.kind === 'renewal' ? (invoice.durationHours ?? 0) : 0;
    const [plan] = await tx
      .update(customerPlans)
      .set({
        dataGb:
          invoice.dataGb === null
            ? sql`${customerPlans.dataGb}`
            : sql`greatest(coalesce(${customerPlans.dataGb}, 0) - ${invoice.dataGb}, 0)`,
        expiresAt: sql`${customerPlans.expiresAt} - make_interval(hours => ${hours})`,
      })
      .where(and(eq(customerPlans.id, invoice.targetPlanId), eq(customerPlans.status, 'active')))
      .returning({ expiresAt: customerPlans.expiresAt });
    if (invoice.kind === 'renewal' && plan?.expiresAt && plan.expiresAt <= now)
      await tx
        .update(customerPlans)
        .set({ status: 'suspended' })
        .where(eq(customerPlans.id, invoice.targetPlanId));
    return;
  }
  await tx.update(customerPlans).set({ status: 'suspended' }).where(eq(customerPlans.invoiceId, invoice.id));
};

/** Money the invoice moved on the reseller balance goes back: a top-up's credit, or a purchase's spending. */
const reverseBalance = async (tx: Db, invoice: InvoiceRow) => {
  const amountCents =
    invoice.kind === 'balance'
      ? -invoice.listPriceCents
      : invoice.paymentMethod === 'balance'
        ? invoice.priceCents
        : 0;
  if (amountCents === 0) return;
  await tx
    .insert(balanceLedger)
    .values({
      userId: invoice.userId,
      amountCents,
      reason: invoice.kind === 'balance' ? 'Top-up refunded' : `Refund: ${invoice.planName}`,
      invoiceId: invoice.id,
      entry: 'refund',
    })
    .onConflictDoNothing();
};

/** The referrer loses the points this invoice earned them (never below zero). */
const reverseReferral = async (tx: Db, invoice: InvoiceRow) => {
  if (invoice.referralPoints <= 0) return;
  const [customer] = await tx
    .select({ referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, invoice.userId));
  if (!customer?.referredBy) return;
  await tx
    .update(users)
    .set({ referralPoints: sql`greatest(${users.referralPoints} - ${invoice.referralPoints}, 0)` })
    .where(eq(users.id, customer.referredBy));
};

/** A full refund or a lost dispute: the invoice is refunded and everything it caused is taken back. */
const refundInFull = async (tx: Db, invoice: InvoiceRow, now: Date) => {
  await tx
    .update(invoices)
    .set({ refundedCents: invoice.priceCents, refundedAt: now })
    .where(eq(invoices.id, invoice.id));
  await withdrawProvision(tx, invoice, now);
  await reverseBalance(tx, invoice);
  await reverseReferral(tx, invoice);
  await notifyAccessChanged(tx);
};

/**
 * Inside the caller's transaction (issue #16 §6): records the event once and applies it to its invoice, locked.
 * A full refund or a lost dispute refunds the invoice (its plan suspended at once, balance and referral points
 * reversed, ledger lines written); a partial refund is recorded without suspending; an opened dispute flags the
 * invoice for the operator. Idempotent: a duplicate event, or a second full refund, changes nothing.
 */
export const applyRefund = async (tx: Db, event: RefundEvent): Promise<RefundOutcome> => {
  const which: SQL | null =
    invoiceById(event.invoiceId) ??
    (event.paymentRef
      ? and(eq(invoices.paymentRef, event.paymentRef), eq(invoices.paymentMethod, event.provider))!
      : null);
  const { recorded, invoice } = await lockAndRecord(tx, event, which);
  if (!recorded) return 'duplicate-event';
  if (!invoice) return 'unknown-invoice';
  if (!invoice.paid) {
    await flagInvoice(tx, invoice.id, `${event.type} from ${event.provider} for an unpaid invoice`);
    return 'not-paid';
  }
  if (invoice.refundedAt) return 'already-refunded';
  const now = new Date();
  const { change } = event;
  /** What this event gave back: up to `totalCents` refunded, less what earlier refunds did. */
  const refunded = (totalCents: number) => ({
    cents: totalCents - invoice.refundedCents,
    eventKey: `${event.provider}:${event.eventId}`,
  });
  switch (change.kind) {
    case 'dispute-opened':
      await flagInvoice(tx, invoice.id, `payment disputed (${change.reason})`);
      return 'dispute-opened';
    case 'dispute-won':
      await flagInvoice(tx, invoice.id, 'dispute won');
      return 'dispute-won';
    case 'dispute-lost':
      await flagInvoice(tx, invoice.id, 'dispute lost');
      await refundInFull(tx, invoice, now);
      await queueRefundMail(tx, invoice, { ...refunded(invoice.priceCents), partial: false });
      return 'refunded';
    case 'refund': {
      const total = change.cumulative ? change.cents : invoice.refundedCents + change.cents;
      if (change.full || total >= invoice.priceCents) {
        await refundInFull(tx, invoice, now);
        await queueRefundMail(tx, invoice, { ...refunded(invoice.priceCents), partial: false });
        return 'refunded';
      }
      await tx
        .update(invoices)
        .set({ refundedCents: Math.max(invoice.refundedCents, total) })
        .where(eq(invoices.id, invoice.id));
      await queueRefundMail(tx, invoice, { ...refunded(total), partial: true });
      return 'partial-refund';
    }
  }
};

export const recordRefund = (db: Db, event: RefundEvent): Promise<RefundOutcome> =>
  db.transaction((tx) => applyRefund(tx as unknown as Db, event));
