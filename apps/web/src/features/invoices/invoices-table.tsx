import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { PRODUCT_NAMES, type Invoice, type ProductCode } from '@proxydesk/contract';
import { Link, useNavigate } from 'react-router';
import { QueryError } from '../../components/query-error';
import { formatDate, formatEuro } from '../../lib/format';
import { useInvoices } from './api/invoices';
import classes from './invoices.module.css';
import { InvoiceStatusBadge } from './status-badge';

const productName = (type: string) =>
  PRODUCT_NAMES[type as ProductCode] ?? (type === 'balance' ? 'Balance' : type);
const shortId = (id: string) => id.split('-')[4];
const COLUMNS = [
  'Invoice ID',
  'Plan Name',
  'Plan Price',
  'Product Type',
  'Promo Code',
  'Payment method',
  'Status',
  'Date',
];

/** One invoice on a narrow screen: what it bought, its price and status first; the rest beneath. */
const InvoiceCard = ({ invoice }: { invoice: Invoice }) => (
  <Card withBorder padding="md">
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={2} miw={0}>
        <Text fw={600}>{invoice.plan_name}</Text>
        <Text size="sm" c="dimmed">
          {productName(invoice.proxy_type)} · {formatDate(invoice.created)}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <Text fw={600} className={classes.nowrap}>
          {formatEuro(invoice.plan_price)}
        </Text>
        <InvoiceStatusBadge invoice={invoice} />
      </Stack>
    </Group>
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="xs" c="dimmed">
        <Text span ff="monospace" inherit>
          #{shortId(invoice.id)}
        </Text>
        {' · '}
        <Text span tt="capitalize" inherit>
          {invoice.payment_method}
        </Text>
        {invoice.coupon ? ` · ${invoice.coupon}` : ''}
      </Text>
      <Anchor
        component={Link}
        to={`/invoice/${invoice.id}`}
        size="sm"
        aria-label={`View invoice ${shortId(invoice.id)}`}
      >
        View
      </Anchor>
    </Group>
  </Card>
);

/** SPEC.md §2 Invoices: the columns as named, "Show more", and "All are caught up!" at the end. */
export const InvoicesTable = () => {
  const invoices = useInvoices();
  const navigate = useNavigate();
  if (invoices.error) return <QueryError query={invoices} title="Could not load your invoices" />;
  if (invoices.isPending) return <Skeleton height={240} />;
  const rows = invoices.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Center>
          <Stack align="center" gap="xs">
            <Text fw={600}>No invoices yet — buy a plan</Text>
            <Anchor component={Link} to="/purchase/datacenter">
              See the plans
            </Anchor>
          </Stack>
        </Center>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {/* The table of SPEC.md §2 from tablet width up; on a phone, one card per invoice. */}
      <Card withBorder padding={0} visibleFrom="sm" className={classes.tableCard}>
        <Table
          stickyHeader
          className={classes.table}
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
          data-testid="invoices-table"
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} ta={column === 'Plan Price' ? 'right' : undefined}>
                  {column}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Open</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((invoice) => (
              // The whole row opens the invoice (issue #19); the View link stays for keyboards and readers.
              <Table.Tr
                key={invoice.id}
                className={classes.rowLink}
                onClick={() => void navigate(`/invoice/${invoice.id}`)}
              >
                <Table.Td ff="monospace">{shortId(invoice.id)}</Table.Td>
                <Table.Td>{invoice.plan_name}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatEuro(invoice.plan_price)}
                </Table.Td>
                <Table.Td>{productName(invoice.proxy_type)}</Table.Td>
                <Table.Td>{invoice.coupon ?? '—'}</Table.Td>
                <Table.Td tt="capitalize">{invoice.payment_method}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>{formatDate(invoice.created)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/invoice/${invoice.id}`}>
                    View
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Stack gap="sm" hiddenFrom="sm" data-testid="invoices-list">
        {rows.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </Stack>
      <Center>
        {invoices.hasNextPage ? (
          <Button
            variant="default"
            loading={invoices.isFetchingNextPage}
            onClick={() => void invoices.fetchNextPage()}
          >
            Show more
          </Button>
        ) : (
          <Text c="dimmed" size="sm">
            All are caught up!
          </Text>
        )}
      </Center>
    </Stack>
  );
};
