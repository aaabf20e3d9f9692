import { Badge, Group, Tooltip } from '@mantine/core';
import type { AdminInvoice } from '@proxydesk/contract';

const COLOURS = { paid: 'teal', pending: 'yellow', expired: 'gray', refunded: 'red' } as const;

/** An invoice's status in words as well as colour, and "flagged" beside it when it needs a look. */
export const InvoiceBadges = ({ invoice }: { invoice: Pick<AdminInvoice, 'status' | 'flag'> }) => (
  <Group gap={4} wrap="nowrap">
    <Badge color={COLOURS[invoice.status]} variant="light" miw="max-content">
      {invoice.status}
    </Badge>
    {invoice.flag && (
      <Tooltip label={invoice.flag} multiline maw={280}>
        <Badge
          color="orange"
          variant="outline"
          miw="max-content"
          tabIndex={0}
          aria-label={`flagged: ${invoice.flag}`}
        >
          flagged
        </Badge>
      </Tooltip>
    )}
  </Group>
);
