import { Anchor, Badge, Box, Stack, Table, Text, TextInput } from '@mantine/core';
import type { DocumentsReport, ReportPeriodQuery } from '@proxydesk/contract';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error';
import { CardTable } from './card-table';
import { invoicePath } from './invoices-panel';
import { ListFooter } from './list-footer';
import { ListEmpty, ListSkeleton } from './list-states';
import { cents, counted, MoneyCell, moneyStyle, ReportToolbar } from './report-parts';
import { REPORT_CSV, useDocumentsReport } from './reports-api';
import { useUrlFilters } from './url-filters';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

const DocumentsTable = ({ report }: { report: DocumentsReport }) => (
  <CardTable
    minWidth={900}
    labels={['Number', 'Date', 'Customer', 'Buyer country', 'Net', 'VAT rate', 'VAT', 'Total']}
    right={['Net', 'VAT rate', 'VAT', 'Total']}
    foot={
      <Table.Tr>
        <Table.Th colSpan={4}>
          Totals of {counted(report.totals.invoices, 'invoice')} and{' '}
          {counted(report.totals.credit_notes, 'credit note')}
        </Table.Th>
        <MoneyCell value={report.totals.net_cents} th />
        <Table.Th />
        <MoneyCell value={report.totals.vat_cents} th />
        <MoneyCell value={report.totals.total_cents} th />
      </Table.Tr>
    }
  >
    {report.results.map((doc) => (
      <Table.Tr key={doc.id}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {doc.kind === 'invoice' ? (
            <Anchor component={Link} to={invoicePath(doc.id)} ff="monospace" size="sm">
              {doc.number}
            </Anchor>
          ) : (
            <Stack gap={0}>
              <Text ff="monospace" size="sm">
                {doc.number}{' '}
                <Badge size="xs" variant="light" color="orange">
                  Credit note
                </Badge>
              </Text>
              <Text size="xs" c="dimmed">
                of {doc.invoice_number}
              </Text>
            </Stack>
          )}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(doc.date)}</Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/admin/customers/${doc.customer_id}`} size="sm">
            {doc.username}
          </Anchor>
        </Table.Td>
        <Table.Td>
          {doc.buyer_country ?? (
            <Text span c="dimmed" inherit>
              Not given
            </Text>
          )}
        </Table.Td>
        <MoneyCell value={doc.net_cents} />
        <Table.Td ta="right" style={moneyStyle}>
          {doc.vat_rate} %
        </Table.Td>
        <MoneyCell value={doc.vat_cents} />
        <MoneyCell value={doc.total_cents} strong />
      </Table.Tr>
    ))}
  </CardTable>
);

/** The invoices and credit notes of a period, oldest first, with the totals row (issue #30 item 9). */
export const DocumentsReportPanel = () => {
  const { values, page, set, clear, filtered } = useUrlFilters(['from', 'to'] as const);
  const period: ReportPeriodQuery = { from: values.from || undefined, to: values.to || undefined };
  const { data, error, refetch, isFetching } = useDocumentsReport(period, page);
  const dateInput = (name: 'from' | 'to', label: string) => (
    <TextInput
      type="date"
      label={label}
      value={values[name] || (data?.[name] ?? '')}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      w={{ base: 'calc(50% - 6px)', xs: 150 }}
    />
  );
  return (
    <Stack gap="md">
      <ReportToolbar
        filters={
          <>
            {dateInput('from', 'From')}
            {dateInput('to', 'To')}
          </>
        }
        note={isFetching ? 'Loading…' : 'Oldest first, by date of issue'}
        csv={{
          path: REPORT_CSV.documents,
          query: { from: values.from, to: values.to },
          fallback: 'documents.csv',
          disabled: !data || data.count === 0,
        }}
      />
      {error && (
        <QueryError error={error} title="Could not load the documents" onRetry={() => void refetch()} />
      )}
      {!data && !error && <ListSkeleton />}
      {data && data.count === 0 && (
        <ListEmpty
          title="No invoice or credit note in these days"
          hint="Invoices are issued when they are paid, credit notes when money is refunded. Pick other days."
          onClear={filtered ? clear : undefined}
        />
      )}
      {data && data.count > 0 && (
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <DocumentsTable report={data} />
          {data.from_balance.invoices + data.from_balance.credit_notes > 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              Of which paid from resellers’ balances (counted as revenue when the balance was topped up):{' '}
              {cents(data.from_balance.total_cents)}
            </Text>
          )}
          <ListFooter
            count={data.count}
            noun={['document', 'documents']}
            page={page}
            onPage={(next) => set({ page: String(next) })}
          />
        </Box>
      )}
    </Stack>
  );
};
