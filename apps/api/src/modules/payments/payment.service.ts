import type { FastifyBaseLogger } from 'fastify';
import { MANUAL_PAYMENT_METHODS, paymentReturnPath } from '@proxydesk/contract';
import {
  applyPayment,
  balanceCents,
  findInvoiceById,
  lockedBalanceCents,
  recordPayment,
  recordRefund,
  refundableCents,
  refundAtOnce,
  Refusal,
  setInvoiceCheckout,
  spendBalance,
  topUpSpentRefusal,
  type Db,
  type ExpiredInvoice,
  type InvoiceRow,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { Gateway, VerifiedEvent } from './gateway.js';
import { paymentMismatch } from './payment-check.js';

/** A balance that cannot pay (issue #28 §5's words). */
/** A refund asked for more than is left of the invoice's price (or for nothing). */
const refundOutOfRange = (leftCents: number) =>
  new HttpError(400, `Refund between 0.01 and what is left of the price, ${(leftCents / 100).toFixed(2)} €`);

const NOT_ENOUGH_BALANCE = 'Not enough balance: add balance first';

export type PaymentService = ReturnType<typeof createPaymentService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments, for the background jobs `serve` starts beside the app (expiry, renewals). */
    payments: PaymentService;
  }
}

/**
 * Opens checkouts and receives payments. Marking paid and provisioning happen in one transaction
 * (packages/db applyPayment), so a duplicate, late or concurrent event never provisions twice.
 */
export const createPaymentService = ({
  db,
  gateways,
  publicUrl,
  referralPointsPerEuro,
  log,
}: {
  db: Db;
  gateways: Map<string, Gateway>;
  publicUrl: string;
  referralPointsPerEuro: number;
  log: FastifyBaseLogger;
}) => {
  /** Paid on the spot, without a provider: from the reseller balance, or free (100 % off). */
  const paysOnSpot = (invoice: Pick<InvoiceRow, 'priceCents' | 'paymentMethod'>) =>
    invoice.priceCents === 0 || invoice.paymentMethod === 'balance';

  /**
   * A verified provider event: recorded once; the first payment for an invoice that matches it (provider,
   * currency, amount) provisions it. What the operator must look at is flagged on the invoice and logged.
   */
  const receive = async (provider: string, event: VerifiedEvent): Promise<string> => {
    if (event.refund) {
      const outcome = await recordRefund(db, {
        provider,
        eventId: event.eventId,
        type: event.type,
        payload: event.payload,
        invoiceId: event.refund.invoiceId ?? null,
        paymentRef: event.refund.paymentRef ?? null,
        change: event.refund.change,
      });
      log.info({ provider, eventId: event.eventId, type: event.type, outcome }, 'refund or dispute event');
      return outcome;
    }
    const { outcome, flag } = await recordPayment(
      db,
      {
        provider,
        eventId: event.eventId,
        type: event.type,
        invoiceId: event.paidInvoiceId,
        payload: event.payload,
        paymentRef: event.paymentRef ?? null,
        mismatch: (invoice) => paymentMismatch(provider, event.amount, invoice),
      },
      referralPointsPerEuro,
    );
    const facts = {
      provider,
      eventId: event.eventId,
      type: event.type,
      invoiceId: event.paidInvoiceId,
      outcome,
    };
    if (flag) log.warn({ ...facts, flag }, `payment event flagged for the operator: ${flag}`);
    else log.info(facts, 'payment event');
    return outcome;
  };

  /**
   * What no provider holds (sandbox, balance, free invoices) is refunded at once, checked and applied under the
   * invoice's lock (issue #28 §4): refunds sent at once queue, and those that come too late are refused (4xx).
   */
  const refundNow = async (invoiceId: string, cents: number | null, provider: string, reason?: string) => {
    const outcome = await refundAtOnce(db, {
      invoiceId,
      cents,
      provider,
      ...(reason ? { reason } : {}),
    }).catch((error: unknown) => {
      if (error instanceof Refusal) throw new HttpError(409, error.message);
      throw error;
    });
    if (outcome === 'unknown-invoice') throw new HttpError(404, 'Invoice not found');
    if (outcome === 'not-paid') throw new HttpError(400, 'Only a paid invoice can be refunded');
    if (outcome === 'already-refunded') throw new HttpError(400, 'This invoice is already refunded');
    if (typeof outcome === 'object') throw refundOutOfRange(outcome.overLeftCents);
    log.info({ provider, invoiceId, outcome }, 'refund made at once');
    return outcome;
  };

  return {
    /** Can a customer pay with this method here? (a provider without its keys is not offered). */
    accepts: (code: string) => code === 'balance' || gateways.has(code),

    paysOnSpot,

    /**
     * Pays an invoice that `paysOnSpot`, inside the transaction that created it: a refused payment
     * (balance too low) leaves no invoice behind.
     */
    payOnSpot: async (tx: Db, invoice: InvoiceRow) => {
      const provider = invoice.priceCents === 0 ? 'free' : 'balance';
      if (provider === 'balance') {
        const balance = await lockedBalanceCents(tx, invoice.userId);
        if (balance < invoice.priceCents) throw new HttpError(400, NOT_ENOUGH_BALANCE);
        await spendBalance(tx, invoice.userId, invoice.priceCents, invoice.id, invoice.planName);
      }
      const event = {
        provider,
        eventId: `${provider}:${invoice.id}`,
        type: 'paid',
        invoiceId: invoice.id,
        payload: {},
      };
      return applyPayment(tx, event, referralPointsPerEuro);
    },

    /** Opens the provider's checkout and answers where to pay. */
    checkout: async (invoice: InvoiceRow, customerEmail: string): Promise<string> => {
      const gateway = gateways.get(invoice.paymentMethod);
      if (!gateway) throw new HttpError(400, 'This payment method is not available');
      const { hostedUrl, providerRef } = await gateway
        .createCheckout({ invoice, customerEmail, returnUrl: `${publicUrl}${paymentReturnPath(invoice.id)}` })
        .catch((error: unknown) => {
          if (error instanceof HttpError) throw error;
          log.error(
            { err: error, provider: invoice.paymentMethod, invoiceId: invoice.id },
            'checkout could not be opened',
          );
          throw new HttpError(
            502,
            'The payment provider did not answer: try again, or choose another payment method',
          );
        });
      await setInvoiceCheckout(db, invoice.id, hostedUrl, providerRef);
      return hostedUrl;
    },

    /**
     * The operator's refund (issue #16 §6; the console calls this): asks the invoice's provider to refund it,
     * all of it (`cents` null) or part; the provider's refund event then does the rest through `receive`, the
     * same path as a refund made in its dashboard. What no provider holds (sandbox, balance, free invoices) is
     * refunded at once through the same `applyRefund`, under the invoice's lock (`refundNow`). A second full
     * refund is refused. A top-up's refund never takes back more than is on the balance (409, issue #28 §4).
     * Answers `requested` (the provider's event will follow) or what became of the refund applied at once.
     */
    refundInvoice: async (
      invoiceId: string,
      cents: number | null = null,
      /** Why, as the credit note of a refund made at once says it. */
      reason?: string,
    ): Promise<string> => {
      const invoice = await findInvoiceById(db, invoiceId);
      if (!invoice) throw new HttpError(404, 'Invoice not found');
      if (!invoice.paid) throw new HttpError(400, 'Only a paid invoice can be refunded');
      if (invoice.refundedAt) throw new HttpError(400, 'This invoice is already refunded');
      const left = invoice.priceCents - invoice.refundedCents;
      if (cents !== null && (!Number.isSafeInteger(cents) || cents <= 0 || cents > left))
        throw refundOutOfRange(left);
      // Money the operator received by hand (a bank transfer) goes back by hand: recorded at once.
      const atOnce =
        invoice.priceCents === 0 ||
        invoice.paymentMethod === 'balance' ||
        invoice.paymentMethod === 'sandbox' ||
        (MANUAL_PAYMENT_METHODS as readonly string[]).includes(invoice.paymentMethod);
      if (atOnce)
        return refundNow(invoiceId, cents, invoice.paymentMethod === 'sandbox' ? 'sandbox' : 'shop', reason);
      const gateway = gateways.get(invoice.paymentMethod);
      if (!gateway?.refund)
        throw new HttpError(
          400,
          `Refund ${invoice.paymentMethod} payments in the provider's dashboard: its notification then records the refund`,
        );
      // A top-up's refund takes back what is still on the balance: asked before the provider moves money.
      if (invoice.kind === 'balance') {
        const refundable = refundableCents(invoice, await balanceCents(db, invoice.userId));
        if ((cents ?? left) > refundable) throw new HttpError(409, topUpSpentRefusal(refundable).message);
      }
      await gateway.refund(invoice, cents).catch((error: unknown) => {
        log.error(
          { err: error, provider: invoice.paymentMethod, invoiceId },
          'refund refused by the provider',
        );
        throw new HttpError(502, 'The payment provider did not take the refund: try again later');
      });
      return 'requested';
    },

    /**
     * Closes the provider checkouts of invoices the expiry job marked expired, where the provider allows it.
     * A provider that does not answer is logged and left: its own session lifetime ends the checkout anyway.
     */
    expireCheckouts: async (expired: ExpiredInvoice[]) => {
      for (const invoice of expired) {
        const gateway = gateways.get(invoice.paymentMethod);
        if (!gateway?.expireCheckout || !invoice.providerRef) continue;
        await gateway
          .expireCheckout(invoice.providerRef)
          .catch((error: unknown) =>
            log.warn(
              { err: error, provider: invoice.paymentMethod, invoiceId: invoice.id },
              'could not close the checkout of an expired invoice',
            ),
          );
      }
    },

    receive,
  };
};
