import type Stripe from 'stripe';
import type { Gateway, RefundNotice, WebhookVerifier } from './gateway.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE, e.g. a fake on 127.0.0.1 in tests; Stripe's own API otherwise. */
  apiBase?: string | undefined;
}

/** The SDK is loaded at its first use, not at start: it is megabytes an idle shop does not need (ADR 014). */
const client = async ({ secretKey, apiBase }: StripeSettings): Promise<Stripe> => {
  const { default: StripeSdk } = await import('stripe');
  if (!apiBase) return new StripeSdk(secretKey);
  const url = new URL(apiBase);
  return new StripeSdk(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  });
};

/** A payment intent as Stripe names it in charges and disputes: its id, or the expanded object. */
const intentId = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof (value as { id?: unknown } | null)?.id === 'string'
      ? (value as { id: string }).id
      : null;

/**
 * `charge.refunded` (the refunded total so far; `refunded` once all of it) and `charge.dispute.created/closed`
 * (a closed dispute is lost or won): what they say of the payment intent a checkout paid with, or undefined.
 */
const refundNotice = (event: Stripe.Event): RefundNotice | undefined => {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    return {
      paymentRef: intentId(charge.payment_intent),
      change: { kind: 'refund', cents: charge.amount_refunded, cumulative: true, full: charge.refunded },
    };
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    const paymentRef = intentId(dispute.payment_intent);
    if (event.type === 'charge.dispute.created')
      return { paymentRef, change: { kind: 'dispute-opened', reason: dispute.reason } };
    return { paymentRef, change: { kind: dispute.status === 'lost' ? 'dispute-lost' : 'dispute-won' } };
  }
  return undefined;
};

/** Card checkout through Stripe Checkout (SPEC.md §4 "card checkout session"), with the official SDK. */
export const stripeGateway = (settings: StripeSettings): { gateway: Gateway; verify: WebhookVerifier } => {
  let sdk: Promise<Stripe> | undefined;
  const sdkClient = () => (sdk ??= client(settings));
  return {
    gateway: {
      code: 'stripe',
      createCheckout: async ({ invoice, customerEmail, returnUrl }) => {
        const stripe = await sdkClient();
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: invoice.priceCents,
                product_data: { name: invoice.planName },
              },
            },
          ],
          client_reference_id: invoice.id,
          metadata: { invoice_id: invoice.id },
          customer_email: customerEmail,
          success_url: returnUrl,
          cancel_url: returnUrl,
        });
        if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
        return { hostedUrl: session.url, providerRef: session.id };
      },
      expireCheckout: async (sessionId) => {
        // A session that is no longer open (paid meanwhile, or expired by Stripe) has nothing to close.
        const stripe = await sdkClient();
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId);
      },
      refund: async (invoice, cents) => {
        if (!invoice.paymentRef) throw new Error(`invoice ${invoice.id} has no Stripe payment intent`);
        await (
          await sdkClient()
        ).refunds.create(
          { payment_intent: invoice.paymentRef, ...(cents === null ? {} : { amount: cents }) },
          // One refund per ask: a retried request is not refunded twice.
          { idempotencyKey: `refund-${invoice.id}-${cents ?? 'all'}` },
        );
      },
    },
    /** `Stripe-Signature` checked by the SDK on the raw body; a completed, paid session pays its invoice. */
    verify: async (raw, headers) => {
      const signature = headers['stripe-signature'];
      const event = await (
        await sdkClient()
      ).webhooks.constructEventAsync(
        raw,
        typeof signature === 'string' ? signature : '',
        settings.webhookSecret,
      );
      const paid =
        (event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded') &&
        event.data.object.payment_status === 'paid';
      const refund = refundNotice(event);
      if (refund)
        return {
          eventId: event.id,
          type: event.type,
          paidInvoiceId: null,
          amount: null,
          payload: event,
          refund,
        };
      const session = event.data.object as {
        metadata?: Record<string, string> | null;
        client_reference_id?: string | null;
        amount_total?: number | null;
        currency?: string | null;
        payment_intent?: string | null;
      };
      return {
        eventId: event.id,
        type: event.type,
        paymentRef: typeof session.payment_intent === 'string' ? session.payment_intent : null,
        paidInvoiceId: paid ? (session.metadata?.invoice_id ?? session.client_reference_id ?? null) : null,
        amount:
          typeof session.amount_total === 'number' && typeof session.currency === 'string'
            ? { cents: session.amount_total, currency: session.currency }
            : null,
        payload: event,
      };
    },
  };
};
