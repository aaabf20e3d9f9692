import { Box, Select, Stack, Table, Text } from '@mantine/core';
import type { VatReport } from '@proxydesk/contract';
import { QueryError } from '../../components/query-error';
import { CardTable } from './card-table';
import { ListEmpty, ListSkeleton } from './list-states';
import { counted, MoneyCell, moneyStyle, ReportToolbar } from './report-parts';
import { REPORT_CSV, useVatReport } from './reports-api';
import { useUrlFilters } from './url-filters';

/** This quarter and the seven before it, newest first (`2026-Q4`). */
const recentQuarters = (now = new Date()) => {
  const current = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
  return Array.from({ length: 8 }, (_, i) => `${Math.floor((current - i) / 4)}-Q${((current - i) % 4) + 1}`);
};

/** Every column but the buyer's country holds figures. */
const FIGURES = ['VAT rate', 'Documents', 'Net', 'VAT', 'Total'];

const VatTable = ({ report }: { report: VatReport }) => (
  <CardTable
    minWidth={680}
    labels={['Buyer country', ...FIGURES]}
    right={FIGURES}
    foot={
      <Table.Tr>
        <Table.Th colSpan={2}>Totals</Table.Th>
        <Table.Th ta="right" style={moneyStyle}>
          {report.totals.invoices + report.totals.credit_notes}
        </Table.Th>
        <MoneyCell value={report.totals.net_cents} th />
        <MoneyCell value={report.totals.vat_cents} th />
        <MoneyCell value={report.totals.total_cents} th />
      </Table.Tr>
    }
  >
    {report.rows.map((row) => (
      <Table.Tr key={`${row.country}-${row.vat_rate}`}>
        <Table.Td>
          {row.country || (
            <Text span c="dimmed" inherit>
              Not given
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right" style={moneyStyle}>
          {row.vat_rate} %
        </Table.Td>
        <Table.Td ta="right" style={moneyStyle}>
          {counted(row.invoices, 'invoice')}
          {row.credit_notes > 0 ? `, ${counted(row.credit_notes, 'credit note')}` : ''}
        </Table.Td>
        <MoneyCell value={row.net_cents} />
        <MoneyCell value={row.vat_cents} strong />
        <MoneyCell value={row.total_cents} />
      </Table.Tr>
    ))}
  </CardTable>
);

/** VAT by buyer country and rate for a quarter: the lines of an EU OSS return; credit notes subtract. */
export const VatReportPanel = () => {
  const { values, set } = useUrlFilters(['quarter'] as const);
  const quarters = recentQuarters();
  const quarter = values.quarter || quarters[0] || '';
  const { data, error, refetch, isFetching } = useVatReport(quarter);
  return (
    <Stack gap="md">
      <ReportToolbar
        filters={
          <Select
            label="Quarter"
            data={quarters.includes(quarter) ? quarters : [quarter, ...quarters]}
            value={quarter}
            onChange={(value) => set({ quarter: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 150 }}
          />
        }
        note={isFetching ? 'Loading…' : data ? `${data.from} to ${data.to}` : ''}
        csv={{
          path: REPORT_CSV.vat,
          query: { quarter },
          fallback: 'vat.csv',
          disabled: !data || data.rows.length === 0,
        }}
      />
      {error && (
        <QueryError error={error} title="Could not load the VAT report" onRetry={() => void refetch()} />
      )}
      {!data && !error && <ListSkeleton />}
      {data && data.rows.length === 0 && (
        <ListEmpty
          title={`Nothing invoiced in ${data.quarter}`}
          hint="Paid invoices and credit notes of the quarter appear here by buyer country and VAT rate."
        />
      )}
      {data && data.rows.length > 0 && (
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <VatTable report={data} />
        </Box>
      )}
    </Stack>
  );
};
