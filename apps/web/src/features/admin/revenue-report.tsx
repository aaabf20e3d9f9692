import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Card, Stack, Table, Text, TextInput } from '@mantine/core';
import type { RevenueReport } from '@proxydesk/contract';
import { QueryError } from '../../components/query-error';
import { SegmentedChoice } from '../../components/segmented-choice';
import { formatEuro } from '../../lib/format';
import { CardTable } from './card-table';
import { productName } from './format';
import { ListSkeleton } from './list-states';
import { MoneyCell, ReportToolbar } from './report-parts';
import { REPORT_CSV, useRevenueReport } from './reports-api';
import { useUrlFilters } from './url-filters';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The twelve months as rows, a column per product (or method) with its net revenue, then net, VAT and total. */
const RevenueTable = ({ report, by }: { report: RevenueReport; by: 'product' | 'method' }) => {
  const rows = by === 'product' ? report.by_product : report.by_method;
  const keys = [...new Set(rows.map((row) => row.key))].sort();
  const label = (key: string) => (by === 'product' ? productName(key) : key);
  const figures = [...keys.map(label), 'Net', 'VAT', 'Total'];
  const net = (month: string, key: string) =>
    rows.find((r) => r.month === month && r.key === key)?.net_cents ?? 0;
  const sum = (pick: (m: RevenueReport['months'][number]) => number) =>
    report.months.reduce((total, month) => total + pick(month), 0);
  return (
    <CardTable
      minWidth={420 + keys.length * 110}
      labels={['Month', ...figures]}
      right={figures}
      stickyHeader
      foot={
        <Table.Tr fw={700}>
          <Table.Th>12 months</Table.Th>
          {keys.map((key) => (
            <MoneyCell
              key={key}
              value={rows.filter((r) => r.key === key).reduce((total, r) => total + r.net_cents, 0)}
              th
            />
          ))}
          <MoneyCell value={sum((m) => m.net_cents)} th />
          <MoneyCell value={sum((m) => m.vat_cents)} th />
          <MoneyCell value={sum((m) => m.total_cents)} th />
        </Table.Tr>
      }
    >
      {report.months.map((month) => (
        <Table.Tr key={month.month}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthName(month.month)}</Table.Td>
          {keys.map((key) => (
            <MoneyCell key={key} value={net(month.month, key)} />
          ))}
          <MoneyCell value={month.net_cents} strong />
          <MoneyCell value={month.vat_cents} />
          <MoneyCell value={month.total_cents} />
        </Table.Tr>
      ))}
    </CardTable>
  );
};

/** Revenue per month for twelve months, by product or by payment method (refunds in their credit note's month). */
export const RevenueReportPanel = () => {
  const { values, set } = useUrlFilters(['month', 'by'] as const);
  const by = values.by === 'method' ? 'method' : 'product';
  const { data, error, refetch, isFetching } = useRevenueReport(values.month);
  return (
    <Stack gap="md">
      <ReportToolbar
        filters={
          <>
            <TextInput
              type="month"
              label="Up to month"
              value={values.month || (data?.months.at(-1)?.month ?? '')}
              onChange={(event) => set({ month: event.currentTarget.value })}
              w={{ base: 'calc(50% - 6px)', xs: 170 }}
            />
            <SegmentedChoice
              id="revenue-by"
              label="Columns"
              value={by}
              onChange={(value) => set({ by: value === 'method' ? 'method' : '' })}
              data={[
                { value: 'product', label: 'By product' },
                { value: 'method', label: 'By method' },
              ]}
            />
          </>
        }
        note={isFetching ? 'Loading…' : 'Net of VAT; refunds in their month'}
        csv={{
          path: REPORT_CSV.revenue,
          query: { month: values.month },
          fallback: 'revenue.csv',
          disabled: !data,
        }}
      />
      {error && (
        <QueryError error={error} title="Could not load the revenue" onRetry={() => void refetch()} />
      )}
      {!data && !error && <ListSkeleton rows={8} />}
      {data && (
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Text size="sm" fw={600} mb="xs">
                Net revenue per month
              </Text>
              <BarChart
                h={200}
                data={data.months.map((m) => ({ month: monthName(m.month), Net: m.net_cents / 100 }))}
                dataKey="month"
                series={[{ name: 'Net', color: 'indigo.6' }]}
                tickLine="none"
                gridAxis="none"
                yAxisProps={{ width: 64 }}
                valueFormatter={(value) => formatEuro(value)}
              />
            </Card>
            <RevenueTable report={data} by={by} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
};
