import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  PAYMENT_METHOD_CODES,
  PRODUCT_CODES,
  PRODUCT_NAMES,
  type AdminInvoice,
  type AdminInvoiceFilter,
} from '@proxydesk/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { formatEuro } from '../../lib/format';
import { CardTable } from './card-table';
import { ExportCsvButton, useCsvExport } from './csv-export';
import { productName, when } from './format';
import { InvoiceBadges } from './invoice-badges';
import { DayRange, FilteredList, ListStatus, SelectFilters, type SelectFilter } from './filtered-list';
import { CustomerFilter } from './list-states';
import { downloadInvoicesCsv, useAdminInvoices } from './money-api';
import { useSettledFilter, useUrlFilters } from './url-filters';

const FILTERS = ['status', 'method', 'product', 'from', 'to', 'customer'] as const;
const STATUSES = ['paid', 'pending', 'expired', 'refunded', 'flagged'];
const PRODUCTS = PRODUCT_CODES.map((code) => ({ value: code, label: PRODUCT_NAMES[code] }));

/** The Select filters (on a phone, Status and Method share a row). */
const SELECTS: SelectFilter<(typeof FILTERS)[number]>[] = [
  { name: 'status', label: 'Status', data: STATUSES, w: { base: 'calc(50% - 6px)', xs: 130 } },
  {
    name: 'method',
    label: 'Method',
    data: [...PAYMENT_METHOD_CODES],
    w: { base: 'calc(50% - 6px)', xs: 130 },
  },
  { name: 'product', label: 'Product', data: PRODUCTS, w: { base: '100%', xs: 170 } },
];

export const shortId = (id: string) => id.split('-')[0] ?? id;
export const invoicePath = (id: string) => `/admin/money/invoices/${id}`;

const Refunded = ({ invoice }: { invoice: AdminInvoice }) =>
  invoice.refunded > 0 ? (
    <>{formatEuro(invoice.refunded)}</>
  ) : (
    <Text span c="dimmed" inherit>
      —
    </Text>
  );

/** One invoice on a narrow screen: what, how much and its status first; who, how and when beneath. */
const InvoiceCard = ({ invoice }: { invoice: AdminInvoice }) => (
  <Card withBorder padding="sm">
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={invoicePath(invoice.id)} fw={600} size="sm">
          {invoice.plan_name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {invoice.username} · {productName(invoice.product)} · {invoice.payment_method}
        </Text>
        <Text size="xs" c="dimmed">
          {when(invoice.created)}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(invoice.price)}
        </Text>
        <InvoiceBadges invoice={invoice} />
        {invoice.refunded > 0 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(invoice.refunded)} refunded
          </Text>
        )}
      </Stack>
    </Group>
  </Card>
);

const InvoiceTable = ({ invoices }: { invoices: AdminInvoice[] }) => (
  <CardTable
    minWidth={860}
    labels={['Invoice', 'Customer', 'Plan', 'Method', 'Status', 'Price', 'Refunded', 'Created']}
    right={['Price', 'Refunded']}
  >
    {invoices.map((invoice) => (
      <Table.Tr key={invoice.id}>
        <Table.Td>
          <Anchor
            component={Link}
            to={invoicePath(invoice.id)}
            ff="monospace"
            size="sm"
            aria-label={`Invoice ${shortId(invoice.id)} of ${invoice.username}`}
          >
            {shortId(invoice.id)}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/admin/customers/${invoice.customer_id}`} size="sm">
            {invoice.username}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{invoice.plan_name}</Text>
          <Text size="xs" c="dimmed">
            {productName(invoice.product)}
            {invoice.coupon ? ` · ${invoice.coupon}` : ''}
          </Text>
        </Table.Td>
        <Table.Td>{invoice.payment_method}</Table.Td>
        <Table.Td>
          <InvoiceBadges invoice={invoice} />
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(invoice.price)}
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          <Refunded invoice={invoice} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(invoice.created)}</Table.Td>
      </Table.Tr>
    ))}
  </CardTable>
);

/** The invoices, filtered by status, method, product, days and customer; the same filter exports as CSV. */
export const InvoicesPanel = () => {
  const filters = useUrlFilters(FILTERS);
  const { values, page, set, select } = filters;
  const filter: AdminInvoiceFilter = useSettledFilter(values, 'customer');
  const query = useAdminInvoices(filter, page);
  const { data, isFetching } = query;
  const csv = useCsvExport(() => downloadInvoicesCsv(filter));

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <CustomerFilter value={values.customer} onChange={(customer) => set({ customer })} />
        <SelectFilters filters={SELECTS} select={select} />
        <DayRange from={values.from} to={values.to} set={set} />
      </Group>
      <ListStatus loading={isFetching} filters={filters}>
        <ExportCsvButton csv={csv} disabled={!data || data.count === 0} />
      </ListStatus>
      <FormAlert>{csv.failure}</FormAlert>
      <FilteredList
        query={query}
        errorTitle="Could not load the invoices"
        filters={filters}
        empty={{
          filtered: { title: 'No invoice matches these filters', hint: 'Widen the days, or clear a filter.' },
          none: { title: 'No invoices yet', hint: 'Invoices appear here as soon as customers check out.' },
        }}
        noun={['invoice', 'invoices']}
        table={(invoices) => <InvoiceTable invoices={invoices} />}
        card={(invoice) => <InvoiceCard key={invoice.id} invoice={invoice} />}
        cardsTestId="invoice-cards"
      />
    </Stack>
  );
};
