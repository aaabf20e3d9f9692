import { Stack, Text } from '@mantine/core';
import type { TaxQuote } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { formatEuro } from '../lib/format';

const percent = (rate: number) => `${rate.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

/**
 * Net, VAT rate, VAT and total, with why there is no VAT (or a reverse charge) below (issue #30 item 4): the
 * checkout before Pay, the invoice page and the console show money the same way. `before` goes above the net
 * (a promo code's line).
 */
export const TaxSums = ({
  sums,
  before,
  testId = 'invoice-sums',
}: {
  sums: TaxQuote;
  before?: ReactNode;
  testId?: string;
}) => (
  <Stack gap={2} align="flex-end" data-testid={testId}>
    {before}
    <Text size="sm">Net {formatEuro(sums.net)}</Text>
    <Text size="sm">
      VAT {percent(sums.vat_rate)} {formatEuro(sums.vat)}
    </Text>
    <Text fw={700} size="lg">
      Total {formatEuro(sums.total)}
    </Text>
    {sums.tax_note && (
      <Text size="xs" c="dimmed" ta="right">
        {sums.tax_note}
      </Text>
    )}
  </Stack>
);
