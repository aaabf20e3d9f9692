import { Badge } from '@mantine/core';
import type { Invoice } from '@proxydesk/contract';
import { statusOf } from './api/invoices';

const COLOURS = { Paid: 'teal', Pending: 'yellow', Expired: 'gray', Refunded: 'red' } as const;

/** The invoice's status (api/invoices.ts `statusOf`), in words as well as colour. */
export const InvoiceStatusBadge = ({ invoice }: { invoice: Invoice }) => {
  const status = statusOf(invoice);
  return (
    // Never narrower than its word: a squeezed table cell must not cut "Pending" to "PEND…" (issue #19).
    <Badge color={COLOURS[status]} variant="light" miw="max-content">
      {status}
    </Badge>
  );
};
