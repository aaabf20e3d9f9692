/** An unpaid invoice is Pending for one hour after creation, then Expired (SPEC.md §4, §9). */
export const PENDING_WINDOW_MS = 60 * 60 * 1000;

export type InvoiceStatusLabel = 'Paid' | 'Pending' | 'Expired' | 'Refunded';

/** What an invoice's label is worked out from: paid, refunded in full, marked expired by the expiry job. */
export interface InvoiceState {
  paid: boolean;
  refunded?: boolean;
  expired?: boolean;
  /** A by-hand invoice's due time (issue #30 item 7): Pending until then instead of for one hour. */
  due?: Date | null;
}

/**
 * Refunded (in full, or a lost dispute) over Paid; an unpaid invoice is Pending for its first hour, then
 * Expired — at once if the expiry job has marked it, so the page never says Pending for a closed checkout.
 */
export const invoiceStatus = (
  { paid, refunded = false, expired = false, due = null }: InvoiceState,
  created: Date,
  now: Date = new Date(),
): InvoiceStatusLabel => {
  if (refunded) return 'Refunded';
  if (paid) return 'Paid';
  return !expired && now.getTime() < invoiceDueDate(created, due).getTime() ? 'Pending' : 'Expired';
};

/** Due date of an invoice: created + the pending window (DESIGN.md §3), or a by-hand invoice's own due time. */
export const invoiceDueDate = (created: Date, due: Date | null = null): Date =>
  due ?? new Date(created.getTime() + PENDING_WINDOW_MS);

/** Where a payment provider sends the customer back, paid or cancelled: the invoice's "Payment received" view. */
export const PAYMENT_RETURN_QUERY = 'payment=returned';
export const paymentReturnPath = (invoiceId: string): string =>
  `/invoice/${invoiceId}?${PAYMENT_RETURN_QUERY}`;
