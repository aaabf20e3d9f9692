import type { InvoiceRow, RefundChange } from '@proxydesk/db';

/** What a provider needs to open a checkout for an invoice. */
export interface CheckoutRequest {
  invoice: InvoiceRow;
  customerEmail: string;
  /** Where the provider sends the customer back: the invoice page. */
  returnUrl: string;
}

export interface Checkout {
  /** The payment page (or checkout) URL the browser goes to. */
  hostedUrl: string;
  /** The provider's id of the checkout (session, transaction, order). */
  providerRef: string;
}

/** One payment provider behind one interface (issue #4): create a checkout; its webhook says paid. */
export interface Gateway {
  code: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Closes an expired invoice's checkout where the provider allows it (Stripe), so nobody pays it late. */
  expireCheckout?(providerRef: string): Promise<void>;
  /**
   * Asks the provider to refund a paid invoice (`cents`, or all of it when null); the provider's own event then
   * records the refund, through the same path as one made in its dashboard. Absent: refunded elsewhere.
   */
  refund?(invoice: InvoiceRow, cents: number | null): Promise<void>;
}

/** A provider's word that a payment was refunded or disputed: which invoice (ours, or the provider's payment id). */
export interface RefundNotice {
  invoiceId?: string | null;
  paymentRef?: string | null;
  change: RefundChange;
}

/** What a provider says was paid, in the currency's smallest unit. */
export interface PaidAmount {
  cents: number;
  currency: string;
}

/** A verified word from a provider that an invoice was paid (or anything else, recorded all the same). */
export interface VerifiedEvent {
  eventId: string;
  type: string;
  /** Our invoice id, when the event is a payment for one. */
  paidInvoiceId: string | null;
  /** The amount paid, as the provider states it (checked against the invoice before provisioning). */
  amount: PaidAmount | null;
  /** The provider's id of the payment, kept on the invoice for its refunds and disputes. */
  paymentRef?: string | null;
  /** Set when the event refunds or disputes an earlier payment, rather than paying. */
  refund?: RefundNotice;
  payload: unknown;
}

/** Checks a webhook's signature on the raw body (and re-fetches where the provider does not sign). */
export type WebhookVerifier = (
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
) => Promise<VerifiedEvent>;
