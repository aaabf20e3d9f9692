/** An unpaid invoice is Pending for one hour after creation, then Expired (SPEC.md §4, §9). */
export const PENDING_WINDOW_MS = 60 * 60 * 1000;

export type InvoiceStatusLabel = 'Paid' | 'Pending' | 'Expired';

export const invoiceStatus = (paid: boolean, created: Date, now: Date = new Date()): InvoiceStatusLabel => {
  if (paid) return 'Paid';
  return now.getTime() - created.getTime() < PENDING_WINDOW_MS ? 'Pending' : 'Expired';
};

/** Due date of an invoice: created + the pending window (DESIGN.md §3). */
export const invoiceDueDate = (created: Date): Date => new Date(created.getTime() + PENDING_WINDOW_MS);
