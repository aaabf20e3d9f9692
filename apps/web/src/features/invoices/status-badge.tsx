import { Badge } from '@mantine/core';
import { invoiceStatus, type Invoice } from '@proxydesk/contract';

const COLOURS = { Paid: 'teal', Pending: 'yellow', Expired: 'gray', Refunded: 'red' } as const;

/** Paid, Pending (the first hour), Expired (SPEC.md §4) or Refunded, in words as well as colour. */
export const InvoiceStatusBadge = ({ invoice }: { invoice: Invoice }) => {
  const status = invoiceStatus(
    { paid: invoice.status, refunded: invoice.refunded, expired: invoice.expired },
    new Date(invoice.created),
  );
  return (
    // Never narrower than its word: a squeezed table cell must not cut "Pending" to "PEND…" (issue #19).
    <Badge color={COLOURS[status]} variant="light" miw="max-content">
      {status}
    </Badge>
  );
};
