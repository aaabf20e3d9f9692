import { HttpError } from '../../lib/http-error.js';
import type { Gateway, WebhookVerifier } from './gateway.js';
import { verifySignedPayload } from './signature.js';

export interface PaddleSettings {
  apiKey: string;
  webhookSecret: string;
  /** PADDLE_API_BASE (default https://api.paddle.com). */
  apiBase?: string | undefined;
}

/** `Paddle-Signature: ts=…;h1=…`, an HMAC-SHA256 of "<ts>:<raw body>". */
const PADDLE_SIGNATURE = { pair: ';', timestampKey: 'ts', signatureKey: 'h1', join: ':' };

/** Paddle Billing: a transaction whose checkout URL the browser opens as an overlay (SPEC.md §4). */
export const paddleGateway = (settings: PaddleSettings): { gateway: Gateway; verify: WebhookVerifier } => {
  const base = (settings.apiBase ?? 'https://api.paddle.com').replace(/\/+$/, '');
  return {
    gateway: {
      code: 'paddle',
      createCheckout: async ({ invoice }) => {
        const response = await fetch(`${base}/transactions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            items: [
              {
                quantity: 1,
                price: {
                  name: invoice.planName,
                  description: invoice.planName,
                  unit_price: { amount: String(invoice.priceCents), currency_code: 'EUR' },
                  product: { name: invoice.planName, tax_category: 'standard' },
                },
              },
            ],
            custom_data: { invoice_id: invoice.id },
          }),
          signal: AbortSignal.timeout(15_000),
        });
        const answer = (await response.json().catch(() => ({}))) as {
          data?: { id?: string; checkout?: { url?: string | null } };
        };
        const url = answer.data?.checkout?.url;
        if (!response.ok || !answer.data?.id || !url)
          throw new Error(`Paddle answered ${response.status} to a new transaction`);
        return { hostedUrl: url, providerRef: answer.data.id };
      },
    },
    verify: (raw, headers) => {
      const signature = headers['paddle-signature'];
      if (
        !verifySignedPayload(
          settings.webhookSecret,
          raw,
          typeof signature === 'string' ? signature : undefined,
          300,
          PADDLE_SIGNATURE,
        )
      ) {
        throw new HttpError(400, 'Bad or stale signature');
      }
      const event = JSON.parse(raw.toString('utf8')) as {
        event_id?: unknown;
        event_type?: unknown;
        data?: {
          status?: unknown;
          currency_code?: unknown;
          details?: { totals?: { total?: unknown } };
          custom_data?: { invoice_id?: unknown } | null;
        };
      };
      if (typeof event.event_id !== 'string' || typeof event.event_type !== 'string')
        throw new HttpError(400, 'Not a Paddle notification');
      const invoiceId = event.data?.custom_data?.invoice_id;
      const paid =
        (event.event_type === 'transaction.completed' || event.event_type === 'transaction.paid') &&
        typeof invoiceId === 'string';
      // Paddle states amounts as strings of the currency's smallest unit.
      const total = event.data?.details?.totals?.total;
      const currency = event.data?.currency_code;
      return Promise.resolve({
        eventId: event.event_id,
        type: event.event_type,
        paidInvoiceId: paid ? invoiceId : null,
        amount:
          typeof total === 'string' && /^\d+$/.test(total) && typeof currency === 'string'
            ? { cents: Number(total), currency }
            : null,
        payload: event,
      });
    },
  };
};
