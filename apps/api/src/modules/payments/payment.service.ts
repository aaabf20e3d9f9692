import type { FastifyBaseLogger } from 'fastify';
import {
  applyPayment,
  lockedBalanceCents,
  recordPayment,
  setInvoiceCheckout,
  spendBalance,
  type Db,
  type ExpiredInvoice,
  type InvoiceRow,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { Gateway, VerifiedEvent } from './gateway.js';
import { paymentMismatch } from './payment-check.js';

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
        if (balance < invoice.priceCents) throw new HttpError(400, 'Insufficient balance: add balance first');
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
        .createCheckout({ invoice, customerEmail, returnUrl: `${publicUrl}/invoice/${invoice.id}` })
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

    /**
     * A verified provider event: recorded once; the first payment for an invoice that matches it (provider,
     * currency, amount) provisions it. What the operator must look at is flagged on the invoice and logged.
     */
    receive: async (provider: string, event: VerifiedEvent) => {
      const { outcome, flag } = await recordPayment(
        db,
        {
          provider,
          eventId: event.eventId,
          type: event.type,
          invoiceId: event.paidInvoiceId,
          payload: event.payload,
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
    },
  };
};
