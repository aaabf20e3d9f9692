import { Stack, Table, Text } from '@mantine/core';
import type { Invoice, IssuedDocument } from '@proxydesk/contract';
import { formatEuro } from '../../lib/format';
import cells from './invoices.module.css';

const percent = (rate: number) => `${rate.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

/** The lines and sums of a paid invoice as issued (issue #30): net, VAT rate, VAT and total. */
const IssuedLines = ({ document }: { document: IssuedDocument }) => (
  <>
    <Table.ScrollContainer minWidth={280} type="native">
      <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs" data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {document.lines.map((line, i) => (
            <Table.Tr key={i}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" className={cells.nowrap}>
                {formatEuro(line.unit_price)}
              </Table.Td>
              <Table.Td ta="right" className={cells.nowrap}>
                {formatEuro(line.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    <Stack gap={2} align="flex-end" data-testid="invoice-sums">
      <Text size="sm">Net {formatEuro(document.net)}</Text>
      <Text size="sm">
        VAT {percent(document.vat_rate)} {formatEuro(document.vat)}
      </Text>
      <Text fw={700} size="lg">
        Total {formatEuro(document.total)}
      </Text>
      {document.tax_note && (
        <Text size="xs" c="dimmed">
          {document.tax_note}
        </Text>
      )}
    </Stack>
  </>
);

/** What an unpaid invoice asks for: its plan, and the price after any promo code. */
const OpenLines = ({ invoice }: { invoice: Invoice }) => {
  const quantity =
    invoice.ip_amount !== null
      ? `${invoice.ip_amount} IPs`
      : invoice.plan_data !== null
        ? `${invoice.plan_data} GB`
        : '—';
  return (
    <>
      <Table.ScrollContainer minWidth={280} type="native">
        <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs" data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{invoice.plan_name}</Table.Td>
              <Table.Td>1</Table.Td>
              <Table.Td className={cells.nowrap}>{quantity}</Table.Td>
              <Table.Td ta="right" className={cells.nowrap}>
                {formatEuro(invoice.list_price)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} align="flex-end" data-testid="invoice-sums">
        {invoice.coupon && (
          <Text size="sm">
            Promo code {invoice.coupon}: −{formatEuro(invoice.list_price - invoice.plan_price)}
          </Text>
        )}
        <Text fw={700} size="lg">
          Total {formatEuro(invoice.plan_price)}
        </Text>
      </Stack>
    </>
  );
};

export const InvoiceLines = ({ invoice, document }: { invoice: Invoice; document: IssuedDocument | null }) =>
  document ? <IssuedLines document={document} /> : <OpenLines invoice={invoice} />;
