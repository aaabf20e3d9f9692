import {
  Box,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { invoiceDueDate, PAYMENT_RETURN_QUERY } from '@proxydesk/contract';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { QueryError } from '../../components/query-error';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/brand';
import { formatDateTime, formatEuro } from '../../lib/format';
import { statusOf, useInvoice } from './api/invoices';
import { PaymentOutcome } from './payment-outcome';
import { InvoiceStatusBadge } from './status-badge';
import classes from './invoice-view.module.css';
import cells from './invoices.module.css';

/** One side of the invoice: the seller (from the shop's SELLER_* settings) or the customer billed. */
const Party = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} data-testid={`invoice-${label.toLowerCase().replaceAll(' ', '-')}`}>
    <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
      {label}
    </Text>
    {children}
  </Stack>
);

/** SPEC.md §2 Invoice page: number, Pay while pending, status, seller, billed to, due date, the line, notes; printable. */
export const InvoiceView = ({ id }: { id: string }) => {
  const query = useInvoice(id);
  const returned = useLocation().search.includes(PAYMENT_RETURN_QUERY);
  usePageTitle(query.data ? `Invoice #${query.data.invoice.id.split('-')[4]}` : 'Invoice');
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>Invoice not found</Text>
          <Anchor component={Link} to="/invoices">
            Back to your invoices
          </Anchor>
        </Stack>
      </Card>
    );
  }
  if (query.error) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton height={420} />;
  const { invoice, billing, seller } = query.data;
  const pending = statusOf(invoice) === 'Pending';
  const quantity =
    invoice.ip_amount !== null
      ? `${invoice.ip_amount} IPs`
      : invoice.plan_data !== null
        ? `${invoice.plan_data} GB`
        : '—';

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/invoices" size="sm" className={classes.actions}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All invoices
        </Group>
      </Anchor>
      {returned && (
        <div className={classes.actions}>
          <PaymentOutcome invoice={invoice} />
        </div>
      )}
      <Card withBorder p={{ base: 'md', sm: 'xl' }} className={classes.sheet} data-testid="invoice">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2}>Invoice #{invoice.id.split('-')[4]}</Title>
              <Group gap="xs">
                <InvoiceStatusBadge invoice={invoice} />
                <Text size="sm" c="dimmed">
                  Issued {formatDateTime(invoice.created)} ·{' '}
                  {invoice.paid_at
                    ? `paid ${formatDateTime(invoice.paid_at)} by ${invoice.payment_method}`
                    : `due ${formatDateTime(invoiceDueDate(new Date(invoice.created)).toISOString())}`}
                </Text>
              </Group>
            </Stack>
            <Group gap="xs" className={classes.actions}>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              {pending && invoice.hosted_url && (
                <Button component="a" href={invoice.hosted_url}>
                  Pay
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Party label="Seller">
              <Text fw={600}>{seller.name}</Text>
              {seller.address && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {seller.address}
                </Text>
              )}
              {seller.vat && <Text size="sm">VAT {seller.vat}</Text>}
              {seller.email && <Text size="sm">{seller.email}</Text>}
            </Party>
            <Party label="Billed to">
              {billing ? (
                <>
                  <Text fw={600}>
                    {billing.first_name} {billing.last_name}
                  </Text>
                  <Text size="sm">{billing.address}</Text>
                  <Text size="sm">
                    {billing.zip} {billing.city}, {billing.country}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  No billing details
                </Text>
              )}
            </Party>
          </SimpleGrid>
          {/* Whole on a 390 px phone (issue #33 item 6): tighter cells, "Qty" for Quantity below 576 px. */}
          <Table.ScrollContainer minWidth={280} type="native">
            <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs" data-testid="invoice-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>
                    <Box component="span" visibleFrom="xs">
                      Quantity
                    </Box>
                    <Box component="abbr" title="Quantity" hiddenFrom="xs" style={{ textDecoration: 'none' }}>
                      Qty
                    </Box>
                  </Table.Th>
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
          <Stack gap={4} align="flex-end">
            {invoice.coupon && (
              <Text size="sm">
                Promo code {invoice.coupon}: −{formatEuro(invoice.list_price - invoice.plan_price)}
              </Text>
            )}
            <Text fw={700} size="lg">
              Total {formatEuro(invoice.plan_price)}
            </Text>
          </Stack>
          <Divider />
          <Text size="sm" c="dimmed">
            Notes: {invoice.status ? 'paid' : 'to be paid'} by {invoice.payment_method}. An unpaid invoice can
            be paid within one hour of issue. Thank you for your business.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
};
