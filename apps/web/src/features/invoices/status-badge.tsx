import { Badge } from '@mantine/core';
import { invoiceStatus, type Invoice } from '@proxydesk/contract';

const COLOURS = { Paid: 'teal', Pending: 'yellow', Expired: 'gray' } as const;

/** Paid, Pending (the first hour) or Expired (SPEC.md §4), in words as well as colour. */
export const InvoiceStatusBadge = ({ invoice }: { invoice: Invoice }) => {
  const status = invoiceStatus(invoice.status, new Date(invoice.created));
  return (
    <Badge color={COLOURS[status]} variant="light">
      {status}
    </Badge>
  );
};
