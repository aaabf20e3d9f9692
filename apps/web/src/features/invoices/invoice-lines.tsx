import { Stack, Table, Text } from '@mantine/core';
import type { Invoice, IssuedDocument, TaxQuote } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { TaxSums } from '../../components/tax-sums';
import { formatEuro } from '../../lib/format';
import cells from './invoices.module.css';

interface Column {
  name: string;
  /** Figures line up on the right. */
  right?: boolean;
}

/** An invoice's table of lines: its columns' heads, then the rows. */
const LinesTable = ({ columns, children }: { columns: Column[]; children: ReactNode }) => (
  <Table.ScrollContainer minWidth={280} type="native">
    <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          {columns.map(({ name, right }) => (
            <Table.Th key={name} ta={right ? 'right' : undefined}>
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** An issued document's lines, as its PDF has them. */
const ISSUED_COLUMNS: Column[] = [
  { name: 'Description' },
  { name: 'Qty', right: true },
  { name: 'Unit price', right: true },
  { name: 'Amount', right: true },
];

/** An unpaid invoice's one line: the plan as ordered. */
const OPEN_COLUMNS: Column[] = [
  { name: 'Plan' },
  { name: 'Quantity' },
  { name: 'Data' },
  { name: 'Cost', right: true },
];

/** The lines and sums of a paid invoice as issued (issue #30): net, VAT rate, VAT and total. */
const IssuedLines = ({ document }: { document: IssuedDocument }) => (
  <>
    <LinesTable columns={ISSUED_COLUMNS}>
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
    </LinesTable>
    <TaxSums sums={document} />
  </>
);

/**
 * What an unpaid invoice asks for: its plan, and the price after any promo code; under `TAX_MODE=eu-vat` its net,
 * VAT and total as decided when it was made (`tax`).
 */
const OpenLines = ({ invoice, tax }: { invoice: Invoice; tax: TaxQuote | null }) => {
  const promo = invoice.coupon && (
    <Text size="sm">
      {tax
        ? `Promo code ${invoice.coupon} applied`
        : `Promo code ${invoice.coupon}: −${formatEuro(invoice.list_price - invoice.plan_price)}`}
    </Text>
  );
  const quantity =
    invoice.ip_amount !== null
      ? `${invoice.ip_amount} IPs`
      : invoice.plan_data !== null
        ? `${invoice.plan_data} GB`
        : '—';
  return (
    <>
      <LinesTable columns={OPEN_COLUMNS}>
        <Table.Tr>
          <Table.Td>{invoice.plan_name}</Table.Td>
          <Table.Td>1</Table.Td>
          <Table.Td className={cells.nowrap}>{quantity}</Table.Td>
          <Table.Td ta="right" className={cells.nowrap}>
            {formatEuro(invoice.list_price)}
          </Table.Td>
        </Table.Tr>
      </LinesTable>
      {tax ? (
        <TaxSums sums={tax} before={promo} />
      ) : (
        <Stack gap={4} align="flex-end" data-testid="invoice-sums">
          {promo}
          <Text fw={700} size="lg">
            Total {formatEuro(invoice.plan_price)}
          </Text>
        </Stack>
      )}
    </>
  );
};

export const InvoiceLines = ({
  invoice,
  document,
  tax,
}: {
  invoice: Invoice;
  document: IssuedDocument | null;
  tax: TaxQuote | null;
}) => (document ? <IssuedLines document={document} /> : <OpenLines invoice={invoice} tax={tax} />);
