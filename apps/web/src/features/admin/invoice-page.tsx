import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  adminDocumentEndpoints,
  invoiceDueDate,
  type AdminInvoice,
  type TaxQuote,
} from '@proxydesk/contract';
import {
  IconArrowLeft,
  IconCash,
  IconCircleCheck,
  IconFilePlus,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CreditNotesTable } from '../../components/credit-notes-table';
import { PageHeader } from '../../components/page-header';
import { PdfButton } from '../../components/pdf-button';
import { QueryError } from '../../components/query-error';
import { formatEuro } from '../../lib/format';
import { EventPayload } from './event-payload';
import { productName, when } from './format';
import { InvoiceActionModal } from './invoice-actions';
import { InvoiceBadges } from './invoice-badges';
import { shortId } from './invoices-panel';
import { useIsOperator } from './me-api';
import { useAdminInvoice, type InvoiceAction } from './money-api';

type Events = NonNullable<ReturnType<typeof useAdminInvoice>['data']>['events'];

/** One label and its value; the grid lays them out in two columns, one on a phone. */
const Fact = ({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) => (
  <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </div>
);

const Facts = ({ invoice, tax }: { invoice: AdminInvoice; tax: TaxQuote | null }) => (
  <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
    <Fact label="Customer">
      <Anchor component={Link} to={`/admin/customers/${invoice.customer_id}`} inherit>
        {invoice.username}
      </Anchor>
    </Fact>
    <Fact label="Plan">
      {invoice.plan_name} · {productName(invoice.product)}
    </Fact>
    <Fact label="Price">
      {formatEuro(invoice.price)}
      {invoice.coupon && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({formatEuro(invoice.list_price)} before {invoice.coupon})
        </Text>
      )}
    </Fact>
    <Fact label="Net + VAT">
      {tax ? `${formatEuro(tax.net)} + ${tax.vat_rate} % ${formatEuro(tax.vat)}` : '—'}
      {tax?.tax_note && (
        <Text size="xs" c="dimmed">
          {tax.tax_note}
        </Text>
      )}
    </Fact>
    <Fact label="Refunded">{invoice.refunded > 0 ? formatEuro(invoice.refunded) : '—'}</Fact>
    <Fact label="Method">{invoice.payment_method}</Fact>
    <Fact label="Kind">{invoice.kind}</Fact>
    <Fact label="Created">{when(invoice.created)}</Fact>
    {invoice.paid_at ? (
      <Fact label="Paid">{when(invoice.paid_at)}</Fact>
    ) : (
      <Fact label="Due">
        {when(
          invoiceDueDate(
            new Date(invoice.created),
            invoice.due_at ? new Date(invoice.due_at) : null,
          ).toISOString(),
        )}
      </Fact>
    )}
    {invoice.flag && (
      <Fact label="Flag" wide>
        {invoice.flag}
      </Fact>
    )}
    {invoice.number && <Fact label="Number">{invoice.number}</Fact>}
    <Fact label="Invoice id" wide>
      <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
        {invoice.id}
      </Text>
    </Fact>
  </SimpleGrid>
);

/** Money going back (a refund, a dispute) in red with its own icon; the rest as payments. */
const isReversal = (type: string) => /refund|dispute|chargeback/.test(type);

/** What the providers said about the invoice, oldest first, after its creation. */
const EventTimeline = ({ invoice, events }: { invoice: AdminInvoice; events: Events }) => (
  <Timeline bulletSize={24} lineWidth={2} active={events.length}>
    <Timeline.Item
      bullet={<IconFilePlus size={14} />}
      title={
        <Text size="sm" fw={600}>
          Invoice created
        </Text>
      }
    >
      <Text size="xs" c="dimmed">
        {when(invoice.created)} · {invoice.payment_method}
      </Text>
    </Timeline.Item>
    {events.map((event) => (
      <Timeline.Item
        key={event.id}
        color={isReversal(event.type) ? 'red' : undefined}
        bullet={isReversal(event.type) ? <IconReceiptRefund size={14} /> : <IconCash size={14} />}
        title={
          <Text size="sm" fw={600}>
            {event.type}
          </Text>
        }
      >
        <Text size="xs" c="dimmed">
          {when(event.received)} · {event.provider}
        </Text>
        <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {event.event_id}
        </Text>
        <EventPayload payload={event.payload} />
      </Timeline.Item>
    ))}
    {events.length === 0 && (
      <Timeline.Item
        bullet={<IconCircleCheck size={14} />}
        title={
          <Text size="sm" fw={600}>
            No provider event yet
          </Text>
        }
        lineVariant="dashed"
      >
        <Text size="xs" c="dimmed">
          Payments, refunds and disputes appear here as the provider reports them.
        </Text>
      </Timeline.Item>
    )}
  </Timeline>
);

const Back = () => (
  <Anchor
    component={Link}
    to="/admin/money"
    size="sm"
    mb="xs"
    display="inline-flex"
    style={{ alignItems: 'center', gap: 4 }}
  >
    <IconArrowLeft size={14} aria-hidden /> Money
  </Anchor>
);

/** An invoice in the console (issue #17 §4): its facts, its provider events, and the operator's actions. */
export const InvoicePage = () => {
  const { id = '' } = useParams();
  const { data, error, refetch } = useAdminInvoice(id);
  const operator = useIsOperator();
  const [open, setOpen] = useState<InvoiceAction['name'] | null>(null);
  if (error)
    return (
      <>
        <Back />
        <QueryError error={error} title="Could not load this invoice" onRetry={() => void refetch()} />
      </>
    );
  if (!data)
    return (
      <Stack gap="lg" role="status" aria-label="Loading invoice">
        <Skeleton height={32} width={240} />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  const { invoice, events, document, tax, credit_notes: creditNotes } = data;
  const refundable = invoice.status === 'paid' && invoice.refunded < invoice.price;
  const payable = invoice.status === 'pending' || invoice.status === 'expired';
  const actions = operator && (refundable || payable) && (
    <Group gap="xs">
      {payable && (
        <Button size="sm" variant="light" onClick={() => setOpen('markPaid')}>
          Mark paid
        </Button>
      )}
      {refundable && (
        <Button size="sm" variant="light" color="red" onClick={() => setOpen('refund')}>
          Refund
        </Button>
      )}
    </Group>
  );
  return (
    <>
      <Back />
      <PageHeader
        title={`Invoice ${invoice.number ?? shortId(invoice.id)}`}
        description={invoice.plan_name}
        actions={actions}
      />
      <Group gap="xs" mb="lg">
        <InvoiceBadges invoice={invoice} />
        <Text size="sm" c="dimmed">
          {formatEuro(invoice.price)}
          {invoice.refunded > 0 ? ` · ${formatEuro(invoice.refunded)} refunded` : ''}
        </Text>
      </Group>
      {open && <InvoiceActionModal invoice={invoice} kind={open} onClose={() => setOpen(null)} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Title order={3} size="h5" mb="md">
            Details
          </Title>
          <Facts invoice={invoice} tax={tax} />
        </Card>
        <Card withBorder padding="lg" data-testid="invoice-timeline">
          <Title order={3} size="h5" mb="md">
            Provider events
          </Title>
          <EventTimeline invoice={invoice} events={events} />
        </Card>
      </SimpleGrid>
      <Card withBorder padding="lg" mt="lg" data-testid="invoice-documents">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h5">
            Documents
          </Title>
          {document && (
            <PdfButton
              endpoint={adminDocumentEndpoints.invoicePdf}
              params={{ id: invoice.id }}
              name={document.number}
              label={`Invoice ${document.number}`}
              size="xs"
            />
          )}
        </Group>
        {!document && (
          <Text size="sm" c="dimmed">
            An invoice gets its number and its PDF when it is paid.
          </Text>
        )}
        {document && creditNotes.length === 0 && (
          <Text size="sm" c="dimmed">
            No credit notes: a refund, in full or in part, issues one.
          </Text>
        )}
        {creditNotes.length > 0 && (
          <CreditNotesTable notes={creditNotes} pdf={adminDocumentEndpoints.creditNotePdf} />
        )}
      </Card>
    </>
  );
};
