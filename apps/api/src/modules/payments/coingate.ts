import { createHmac } from 'node:crypto';
import { centsToEuro } from '@proxydesk/contract';
import { HttpError } from '../../lib/http-error.js';
import { sameHash } from '../auth/credentials.js';
import type { Gateway, WebhookVerifier } from './gateway.js';

export interface CoinGateSettings {
  apiToken: string;
  /** COINGATE_API_BASE (default https://api.coingate.com). */
  apiBase?: string | undefined;
  publicUrl: string;
}

interface Order {
  id?: number;
  status?: string;
  order_id?: string;
  payment_url?: string;
  /** The order's price, a decimal string in `price_currency`. */
  price_amount?: string;
  price_currency?: string;
}

/** "19.99" → 1999; anything that is not a plain decimal amount → null. */
const decimalCents = (value: string | undefined): number | null =>
  value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 100) : null;

/**
 * CoinGate (the `crypto` and `coingate` methods): an order whose payment page the browser goes to.
 * CoinGate does not sign callbacks, so each order carries a token only we can make, and a callback is
 * believed only after the order is fetched back from the API and says paid (DESIGN.md §6).
 */
export const coinGateGateway = (
  settings: CoinGateSettings,
): { gateways: Gateway[]; verify: WebhookVerifier } => {
  const base = (settings.apiBase ?? 'https://api.coingate.com').replace(/\/+$/, '');
  const auth = { authorization: `Token ${settings.apiToken}` };
  const orderToken = (invoiceId: string) =>
    createHmac('sha256', settings.apiToken).update(`coingate-callback:${invoiceId}`).digest('hex');

  const gateway = (code: 'crypto' | 'coingate'): Gateway => ({
    code,
    createCheckout: async ({ invoice, returnUrl }) => {
      const response = await fetch(`${base}/v2/orders`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          order_id: invoice.id,
          price_amount: centsToEuro(invoice.priceCents),
          price_currency: 'EUR',
          receive_currency: 'EUR',
          title: invoice.planName,
          description: invoice.planName,
          callback_url: `${settings.publicUrl}/v1/webhooks/coingate`,
          success_url: returnUrl,
          cancel_url: returnUrl,
          token: orderToken(invoice.id),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const order = (await response.json().catch(() => ({}))) as Order;
      if (!response.ok || !order.id || !order.payment_url)
        throw new Error(`CoinGate answered ${response.status} to a new order`);
      return { hostedUrl: order.payment_url, providerRef: String(order.id) };
    },
  });

  return {
    gateways: [gateway('crypto'), gateway('coingate')],
    verify: async (raw) => {
      const callback = new URLSearchParams(raw.toString('utf8'));
      const orderId = callback.get('id') ?? '';
      const invoiceId = callback.get('order_id') ?? '';
      const token = callback.get('token') ?? '';
      if (!/^\d+$/.test(orderId) || !invoiceId || !sameHash(token, orderToken(invoiceId)))
        throw new HttpError(400, 'Not a CoinGate callback for our order');
      // What the callback says is not enough: ask CoinGate.
      const response = await fetch(`${base}/v2/orders/${orderId}`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new HttpError(400, 'CoinGate does not know this order');
      const order = (await response.json()) as Order;
      if (order.order_id !== invoiceId) throw new HttpError(400, 'The order is for another invoice');
      const status = order.status ?? 'unknown';
      const cents = decimalCents(order.price_amount);
      return {
        eventId: `${orderId}:${status}`,
        type: status,
        paidInvoiceId: status === 'paid' ? invoiceId : null,
        paymentRef: orderId,
        // Refunds are made in CoinGate's dashboard; the order, fetched back, says so (issue #16 §6).
        ...(status === 'refunded'
          ? {
              refund: {
                invoiceId,
                change: { kind: 'refund' as const, cents: cents ?? 0, cumulative: true, full: true },
              },
            }
          : {}),
        amount: cents !== null && order.price_currency ? { cents, currency: order.price_currency } : null,
        payload: order,
      };
    },
  };
};
