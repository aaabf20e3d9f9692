import { randomUUID } from 'node:crypto';
import { HttpError } from '../../lib/http-error.js';
import type { Gateway, WebhookVerifier } from './gateway.js';
import { signPayload, verifySignedPayload } from './signature.js';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** The built-in test gateway (DESIGN.md §4): our own hosted page whose Pay button sends a signed webhook. */
export const sandboxGateway = (publicUrl: string): Gateway => ({
  code: 'sandbox',
  createCheckout: ({ invoice }) =>
    Promise.resolve({ hostedUrl: `${publicUrl}/sandbox/pay/${invoice.id}`, providerRef: invoice.id }),
});

/**
 * The event the sandbox page's Pay button sends, signed like a real provider's: the invoice's price in EUR. A
 * `refund.succeeded` event refunds it in full (the operator's refund of a sandbox invoice, at once).
 */
export const sandboxPaidEvent = (
  secret: string,
  invoice: { id: string; priceCents: number },
  type: 'payment.succeeded' | 'refund.succeeded' = 'payment.succeeded',
) => {
  const body = JSON.stringify({
    id: `sbx_evt_${randomUUID()}`,
    type,
    invoice_id: invoice.id,
    amount_cents: invoice.priceCents,
    currency: 'EUR',
    created: Date.now(),
  });
  return { body, signature: signPayload(secret, body) };
};

export const sandboxVerifier =
  (secret: string): WebhookVerifier =>
  (raw, headers) => {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (!verifySignedPayload(secret, raw, typeof header === 'string' ? header : undefined)) {
      throw new HttpError(400, 'Bad or stale signature');
    }
    const event = JSON.parse(raw.toString('utf8')) as {
      id?: unknown;
      type?: unknown;
      invoice_id?: unknown;
      amount_cents?: unknown;
      currency?: unknown;
    };
    if (typeof event.id !== 'string' || typeof event.type !== 'string')
      throw new HttpError(400, 'Not a sandbox event');
    const paid = event.type === 'payment.succeeded' && typeof event.invoice_id === 'string';
    const refunded = event.type === 'refund.succeeded' && typeof event.invoice_id === 'string';
    return Promise.resolve({
      eventId: event.id,
      type: event.type,
      ...(refunded
        ? {
            refund: {
              invoiceId: event.invoice_id as string,
              change: { kind: 'refund' as const, cents: 0, cumulative: true, full: true },
            },
          }
        : {}),
      paidInvoiceId: paid ? (event.invoice_id as string) : null,
      amount:
        typeof event.amount_cents === 'number' && typeof event.currency === 'string'
          ? { cents: event.amount_cents, currency: event.currency }
          : null,
      payload: event,
    });
  };
