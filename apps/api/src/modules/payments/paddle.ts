import { HttpError } from '../../lib/http-error.js';
import type { RefundChange } from '@proxydesk/db';
import type { Gateway, RefundNotice, WebhookVerifier } from './gateway.js';
import { verifySignedPayload } from './signature.js';

export interface PaddleSettings {
  apiKey: string;
  webhookSecret: string;
  /** PADDLE_API_BASE (default https://api.paddle.com). */
  apiBase?: string | undefined;
}

/** `Paddle-Signature: ts=…;h1=…`, an HMAC-SHA256 of "<ts>:<raw body>". */
const PADDLE_SIGNATURE = { pair: ';', timestampKey: 'ts', signatureKey: 'h1', join: ':' };

/** What each approved adjustment action says of its transaction's payment. */
const ADJUSTMENT_CHANGES: Record<string, (adjustment: Adjustment) => RefundChange> = {
  refund: (adjustment) => ({
    kind: 'refund',
    cents: /^\d+$/.test(adjustment.totals?.total ?? '') ? Number(adjustment.totals?.total) : 0,
    cumulative: false,
    full: adjustment.type === 'full',
  }),
  chargeback: () => ({ kind: 'dispute-lost' }),
  chargeback_warning: () => ({ kind: 'dispute-opened', reason: 'chargeback warning' }),
  chargeback_reverse: () => ({ kind: 'dispute-won' }),
};

interface Adjustment {
  id?: unknown;
  action?: unknown;
  status?: unknown;
  transaction_id?: unknown;
  type?: unknown;
  totals?: { total?: string };
}

/**
 * `adjustment.created/updated` (issue #16 §6): an approved refund or chargeback of one of our transactions
 * (refunds wait for Paddle's approval; a pending or rejected one changes nothing), or undefined.
 */
const adjustmentNotice = (
  eventType: string,
  data: unknown,
): { adjustmentId: string; notice: RefundNotice } | undefined => {
  if (eventType !== 'adjustment.created' && eventType !== 'adjustment.updated') return undefined;
  const adjustment = (data ?? {}) as Adjustment;
  const change = typeof adjustment.action === 'string' ? ADJUSTMENT_CHANGES[adjustment.action] : undefined;
  if (
    !change ||
    adjustment.status !== 'approved' ||
    typeof adjustment.id !== 'string' ||
    typeof adjustment.transaction_id !== 'string'
  )
    return undefined;
  return {
    adjustmentId: adjustment.id,
    notice: { paymentRef: adjustment.transaction_id, change: change(adjustment) },
  };
};

/** Paddle Billing: a transaction whose checkout URL the browser opens as an overlay (SPEC.md §4). */
export const paddleGateway = (settings: PaddleSettings): { gateway: Gateway; verify: WebhookVerifier } => {
  const base = (settings.apiBase ?? 'https://api.paddle.com').replace(/\/+$/, '');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
  const lineItemId = async (transactionId: string) => {
    const response = await call(`/transactions/${encodeURIComponent(transactionId)}`);
    const answer = (await response.json().catch(() => ({}))) as {
      data?: { details?: { line_items?: { id?: string }[] } };
    };
    const id = answer.data?.details?.line_items?.[0]?.id;
    if (!response.ok || !id)
      throw new Error(`Paddle answered ${response.status} for transaction ${transactionId}`);
    return id;
  };
  return {
    gateway: {
      code: 'paddle',
      createCheckout: async ({ invoice }) => {
        const response = await call('/transactions', {
          method: 'POST',
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
        });
        const answer = (await response.json().catch(() => ({}))) as {
          data?: { id?: string; checkout?: { url?: string | null } };
        };
        const url = answer.data?.checkout?.url;
        if (!response.ok || !answer.data?.id || !url)
          throw new Error(`Paddle answered ${response.status} to a new transaction`);
        return { hostedUrl: url, providerRef: answer.data.id };
      },
      refund: async (invoice, cents) => {
        const transactionId = invoice.paymentRef ?? invoice.providerRef;
        if (!transactionId) throw new Error(`invoice ${invoice.id} has no Paddle transaction`);
        // A partial refund names the transaction's line item: the one line our transactions have.
        const items =
          cents === null
            ? undefined
            : [{ item_id: await lineItemId(transactionId), type: 'partial', amount: String(cents) }];
        const response = await call('/adjustments', {
          method: 'POST',
          body: JSON.stringify({
            action: 'refund',
            transaction_id: transactionId,
            reason: 'Refunded by the shop',
            ...(items ? { type: 'partial', items } : { type: 'full' }),
          }),
        });
        if (!response.ok) throw new Error(`Paddle answered ${response.status} to a refund`);
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
          id?: unknown;
          status?: unknown;
          currency_code?: unknown;
          details?: { totals?: { total?: unknown } };
          custom_data?: { invoice_id?: unknown } | null;
        };
      };
      if (typeof event.event_id !== 'string' || typeof event.event_type !== 'string')
        throw new HttpError(400, 'Not a Paddle notification');
      const refund = adjustmentNotice(event.event_type, event.data);
      if (refund)
        return Promise.resolve({
          // Created already approved, or approved by an update: applied once per adjustment.
          eventId: `adjustment ${refund.adjustmentId} approved`,
          type: event.event_type,
          paidInvoiceId: null,
          amount: null,
          payload: event,
          refund: refund.notice,
        });
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
        paymentRef: paid && typeof event.data?.id === 'string' ? event.data.id : null,
        amount:
          typeof total === 'string' && /^\d+$/.test(total) && typeof currency === 'string'
            ? { cents: Number(total), currency }
            : null,
        payload: event,
      });
    },
  };
};
