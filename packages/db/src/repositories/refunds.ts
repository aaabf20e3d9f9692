import { and, eq, sql, type SQL } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { balanceLedger, customerPlans, invoices, users } from '../schema/index.js';
import type { InvoiceRow } from './invoices.js';
import { issueCreditNote } from './documents.js';
import { queueRefundMail } from './lifecycle-mails.js';
import { Refusal } from './admin-audited.js';
import { flagInvoice, invoiceById, lockAndRecord, lockedBalanceCents } from './payments.js';

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
  /**
   * The shop's own refund (the console, at once): refused with a `Refusal` when a top-up's refund would take
   * back more than is on the balance. A provider's event (its money already gone) is never refused.
   */
  refuseOverdraft?: boolean;
  /** Why, as the credit note says it (the console's reason); a provider's event says what happened. */
  reason?: string;
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

/** Does a refund of this invoice move the reseller balance: a top-up, or a purchase paid from the balance? */
const movesBalance = (invoice: InvoiceRow) =>
  invoice.kind === 'balance' || invoice.paymentMethod === 'balance';

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * How much of a paid invoice can still be refunded (issue #28 §4): what is left of its price; for a top-up, no
 * more than is still on the balance (what was spent from it is not taken back).
 */
export const refundableCents = (invoice: InvoiceRow, balanceCents: number): number => {
  const left = invoice.priceCents - invoice.refundedCents;
  return invoice.kind === 'balance' ? Math.max(0, Math.min(left, balanceCents)) : left;
};

/** The console's answer when a top-up's refund asks back more than is still on the balance. */
export const topUpSpentRefusal = (refundable: number) =>
  new Refusal(
    `At most ${euros(refundable)} of this top-up can be refunded: the rest of it is already spent from the balance`,
  );

/**
 * What a refund gives back (`cents`) moves the reseller balance by as much, in the refund's transaction, with a
 * line in the balance history (issue #28 §4): a purchase paid from the balance is credited; a top-up's credit is
 * taken back, never below zero. A top-up refund asked by the shop itself (`refuse`) that would take back more
 * than is on the balance is refused (the transaction rolls back); one the provider has already made (its money
 * is gone) takes what is left and flags the invoice for the operator. The invoice is locked by the caller; the
 * balance's lock comes next, before the plan's rows (the order purchases and renewals take them in).
 */
const refundToBalance = async (
  tx: Db,
  invoice: InvoiceRow,
  cents: number,
  { full, refuse }: { full: boolean; refuse: boolean },
) => {
  if (cents <= 0) return;
  const balance = await lockedBalanceCents(tx, invoice.userId);
  if (invoice.kind === 'balance') {
    if (cents > balance && refuse) throw topUpSpentRefusal(refundableCents(invoice, balance));
    const taken = Math.min(cents, Math.max(balance, 0));
    if (taken < cents)
      await flagInvoice(
        tx,
        invoice.id,
        `refund of ${euros(cents)} for a top-up with ${euros(Math.max(balance, 0))} left on the balance: ${euros(cents - taken)} of it already spent`,
      );
    if (taken === 0) return;
    await tx.insert(balanceLedger).values({
      userId: invoice.userId,
      amountCents: -taken,
      reason: full ? 'Top-up refunded' : 'Top-up refunded in part',
      invoiceId: invoice.id,
      entry: 'refund',
    });
    return;
  }
  await tx.insert(balanceLedger).values({
    userId: invoice.userId,
    amountCents: cents,
    reason: `${full ? 'Refund' : 'Partial refund'}: ${invoice.planName}`,
    invoiceId: invoice.id,
    entry: 'refund',
  });
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

/**
 * A full refund or a lost dispute: the invoice is refunded and everything it caused is taken back; the balance
 * moves by what was not given back yet.
 */
const refundInFull = async (tx: Db, invoice: InvoiceRow, now: Date, refuse: boolean) => {
  if (movesBalance(invoice))
    await refundToBalance(tx, invoice, invoice.priceCents - invoice.refundedCents, { full: true, refuse });
  await tx
    .update(invoices)
    .set({ refundedCents: invoice.priceCents, refundedAt: now })
    .where(eq(invoices.id, invoice.id));
  await withdrawProvision(tx, invoice, now);
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
  /** Every refund, in full or in part, issues a credit note in its transaction, last (issue #30 §2). */
  const creditNote = async (cents: number, fallback: string) => {
    if (cents > 0) await issueCreditNote(tx, invoice, { cents, reason: event.reason ?? fallback, at: now });
  };
  const left = invoice.priceCents - invoice.refundedCents;
  const through = event.provider === 'shop' ? 'by the shop' : `through ${event.provider}`;
  switch (change.kind) {
    case 'dispute-opened':
      await flagInvoice(tx, invoice.id, `payment disputed (${change.reason})`);
      return 'dispute-opened';
    case 'dispute-won':
      await flagInvoice(tx, invoice.id, 'dispute won');
      return 'dispute-won';
    case 'dispute-lost':
      await flagInvoice(tx, invoice.id, 'dispute lost');
      await refundInFull(tx, invoice, now, false);
      await queueRefundMail(tx, invoice, { ...refunded(invoice.priceCents), partial: false });
      await creditNote(left, `Dispute lost at ${event.provider} (chargeback)`);
      return 'refunded';
    case 'refund': {
      const total = change.cumulative ? change.cents : invoice.refundedCents + change.cents;
      const refuse = event.refuseOverdraft ?? false;
      if (change.full || total >= invoice.priceCents) {
        await refundInFull(tx, invoice, now, refuse);
        await queueRefundMail(tx, invoice, { ...refunded(invoice.priceCents), partial: false });
        await creditNote(left, `Refunded in full ${through}`);
        return 'refunded';
      }
      if (total <= invoice.refundedCents) return 'partial-refund';
      if (movesBalance(invoice))
        await refundToBalance(tx, invoice, total - invoice.refundedCents, { full: false, refuse });
      await tx
        .update(invoices)
        .set({ refundedCents: Math.max(invoice.refundedCents, total) })
        .where(eq(invoices.id, invoice.id));
      await queueRefundMail(tx, invoice, { ...refunded(total), partial: true });
      await creditNote(total - invoice.refundedCents, `Refunded in part ${through}`);
      return 'partial-refund';
    }
  }
};

export const recordRefund = (db: Db, event: RefundEvent): Promise<RefundOutcome> =>
  db.transaction((tx) => applyRefund(tx as unknown as Db, event));

/** Why the shop's own refund of an invoice is not made, judged under the invoice's lock. */
export type ShopRefundRefusal =
  'unknown-invoice' | 'not-paid' | 'already-refunded' | { overLeftCents: number };

/**
 * The shop's own refund, made at once (sandbox, balance and free invoices; issue #28 §4): `cents` more given
 * back (null: all that is left), checked and applied under the invoice's lock in one transaction, so refunds
 * sent at once queue and never give back more than was paid. A top-up's refund that would take back more than
 * is on the balance throws a `Refusal` naming what can still be refunded.
 */
export const refundAtOnce = (
  db: Db,
  {
    invoiceId,
    cents,
    provider,
    reason,
  }: { invoiceId: string; cents: number | null; provider: string; reason?: string },
): Promise<RefundOutcome | ShopRefundRefusal> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) return 'unknown-invoice';
    if (!invoice.paid) return 'not-paid';
    if (invoice.refundedAt) return 'already-refunded';
    const left = invoice.priceCents - invoice.refundedCents;
    if (cents !== null && cents > left) return { overLeftCents: left };
    // The refunded total once this part is given back: each refund is an event of its own.
    const total = cents === null ? invoice.priceCents : invoice.refundedCents + cents;
    return applyRefund(tx, {
      provider,
      eventId: `refund ${invoice.id} ${total}`,
      type: 'refund.succeeded',
      payload: { invoice_id: invoice.id, cents: total },
      invoiceId: invoice.id,
      change: { kind: 'refund', cents: total, cumulative: true, full: cents === null },
      refuseOverdraft: true,
      ...(reason ? { reason } : {}),
    });
  });
