import { Anchor, Button, Card, Center, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PRODUCT_NAMES, type ProductCode } from '@proxydesk/contract';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error';
import { formatDate, formatEuro } from '../../lib/format';
import { useInvoices } from './api/invoices';
import { InvoiceStatusBadge } from './status-badge';

const productName = (type: string) => PRODUCT_NAMES[type as ProductCode] ?? (type === 'balance' ? 'Balance' : type);

/** SPEC.md §2 Invoices: the columns as named, "Show more", and "All are caught up!" at the end. */
export const InvoicesTable = () => {
  const invoices = useInvoices();
  if (invoices.error) return <QueryError error={invoices.error} onRetry={() => void invoices.refetch()} title="Could not load your invoices" />;
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
      <Card withBorder padding={0}>
        <ScrollArea type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={900} data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                {['Invoice ID', 'Plan Name', 'Plan Price', 'Product Type', 'Promo Code', 'Payment method', 'Status', 'Date', ''].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td ff="monospace">{invoice.id.split('-')[4]}</Table.Td>
                  <Table.Td>{invoice.plan_name}</Table.Td>
                  <Table.Td>{formatEuro(invoice.plan_price)}</Table.Td>
                  <Table.Td>{productName(invoice.proxy_type)}</Table.Td>
                  <Table.Td>{invoice.coupon ?? '—'}</Table.Td>
                  <Table.Td tt="capitalize">{invoice.payment_method}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge invoice={invoice} />
                  </Table.Td>
                  <Table.Td>{formatDate(invoice.created)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/invoice/${invoice.id}`}>
                      View
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <Center>
        {invoices.hasNextPage ? (
          <Button variant="default" loading={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
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
