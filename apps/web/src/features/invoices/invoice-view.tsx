import { Anchor, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  documentEndpoints,
  invoiceDueDate,
  PAYMENT_RETURN_QUERY,
  type Invoice,
  type IssuedDocument,
} from '@proxydesk/contract';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { CreditNotesTable } from '../../components/credit-notes-table';
import { PdfButton } from '../../components/pdf-button';
import { QueryError } from '../../components/query-error';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/brand';
import { formatDateTime } from '../../lib/format';
import { statusOf, useInvoice } from './api/invoices';
import { InvoiceLines } from './invoice-lines';
import { InvoiceParties } from './invoice-parties';
import { PaymentOutcome } from './payment-outcome';
import { InvoiceStatusBadge } from './status-badge';
import classes from './invoice-view.module.css';

/** A paid invoice is named by its number (`INV-2026-000123`); an unpaid one by its id's last part. */
const titleOf = (invoice: Invoice) => invoice.number ?? `#${invoice.id.split('-')[4]}`;

/**
 * When and how (issue #30 §10): a paid invoice says when it was paid and with what; only an unpaid one speaks of
 * the hour it can be paid in.
 */
const whenLine = (invoice: Invoice, document: IssuedDocument | null) => {
  const method = document?.payment_method ?? invoice.payment_method;
  if (invoice.paid_at) return `Paid ${formatDateTime(invoice.paid_at)} with ${method}`;
  const due = formatDateTime(dueOf(invoice).toISOString());
  return statusOf(invoice) === 'Expired'
    ? `Issued ${formatDateTime(invoice.created)} · not paid by ${due}`
    : `Issued ${formatDateTime(invoice.created)} · due ${due}`;
};

/** The end of the payment window: an hour after issue, or a by-hand invoice's due time (issue #30 item 7). */
const dueOf = (invoice: Invoice) =>
  invoiceDueDate(new Date(invoice.created), invoice.due_at ? new Date(invoice.due_at) : null);

const notesOf = (invoice: Invoice) => {
  const note = invoice.note ? `${invoice.note}\n\n` : '';
  if (invoice.status) return `${note}Thank you for your business.`;
  const window = invoice.due_at
    ? `until ${formatDateTime(dueOf(invoice).toISOString())}`
    : 'within one hour of issue';
  if (statusOf(invoice) === 'Expired')
    return `${note}This invoice was not paid ${window} and has expired: order again to buy.`;
  return `${note}To be paid with ${invoice.payment_method}. An unpaid invoice can be paid ${window}.`;
};

/** SPEC.md §2 Invoice page: number, Pay while pending, status, seller, billed to, lines, sums, notes; printable. */
export const InvoiceView = ({ id }: { id: string }) => {
  const query = useInvoice(id);
  const returned = useLocation().search.includes(PAYMENT_RETURN_QUERY);
  usePageTitle(query.data ? `Invoice ${titleOf(query.data.invoice)}` : 'Invoice');
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
  if (query.error) return <QueryError query={query} />;
  if (query.isPending) return <Skeleton height={420} />;
  const { invoice, billing, seller, document, tax, credit_notes: creditNotes } = query.data;
  const pending = statusOf(invoice) === 'Pending';

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
              <Title order={2}>
                Invoice <span style={{ whiteSpace: 'nowrap' }}>{titleOf(invoice)}</span>
              </Title>
              <Group gap="xs">
                <InvoiceStatusBadge invoice={invoice} />
                <Text size="sm" c="dimmed" data-testid="invoice-when">
                  {whenLine(invoice, document)}
                </Text>
              </Group>
            </Stack>
            <Group gap="xs" className={classes.actions}>
              {document && (
                <PdfButton
                  endpoint={documentEndpoints.invoicePdf}
                  params={{ invoice_id: invoice.id }}
                  name={document.number}
                />
              )}
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
          <InvoiceParties document={document} seller={seller} billing={billing} />
          <InvoiceLines invoice={invoice} document={document} tax={tax} />
          <Divider />
          <Stack gap={4}>
            <Text size="sm" c="dimmed" data-testid="invoice-notes" style={{ whiteSpace: 'pre-line' }}>
              {notesOf(invoice)}
            </Text>
            {document?.footer && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {document.footer}
              </Text>
            )}
          </Stack>
        </Stack>
      </Card>
      {creditNotes.length > 0 && (
        <Card withBorder p={{ base: 'md', sm: 'lg' }} className={classes.actions}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Credit notes
            </Title>
            <Text size="sm" c="dimmed">
              Each refund of this invoice has a credit note of its own.
            </Text>
            <CreditNotesTable notes={creditNotes} pdf={documentEndpoints.creditNotePdf} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
};
