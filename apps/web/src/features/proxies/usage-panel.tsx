import { Button, Card, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { QueryError } from '../../components/query-error';
import { formatDate } from '../../lib/format';
import { usePlanUsage } from './api/proxies';
import { downloadUsageCsv } from './usage-download';
import { dayLabel, usageRows, type UsageRow } from './usage-rows';
import { UsageTable } from './usage-table';

/** The chart library is the heaviest part of the page: it arrives after the figures and the generator. */
const UsageChart = lazy(async () => ({ default: (await import('./usage-chart')).UsageChart }));

/** The chart's days: the plan's own, from the day it started (issue #33 item 6), as the table under it. */
const chartDays = (rows: UsageRow[]) => rows.map((r) => ({ date: r.date, gb: Number(r.gb) }));

/**
 * A plan's usage over its period (issue #19 item 7): the chart and the table of the same days, whose total is the
 * "used" figure above them; CSV export of the table.
 */
export const UsagePanel = ({ planId, product }: { planId: string; product: string }) => {
  const usage = usePlanUsage(planId);
  const table = useMemo(() => (usage.data ? usageRows(usage.data.days) : null), [usage.data]);
  if (usage.error) return <QueryError query={usage} />;
  if (!usage.data || !table) return <Skeleton height={480} radius="md" />;
  const start = usage.data.period_start;
  return (
    <Card withBorder padding="lg" data-testid="usage-panel">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            Usage this plan
          </Title>
          <Text size="sm" c="dimmed">
            GB per day, both directions, since the plan started on {formatDate(start)}.
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadUsageCsv(table.rows, `usage-${product}-${start.slice(0, 10)}.csv`)}
        >
          Export CSV
        </Button>
      </Group>
      <Suspense fallback={<Skeleton height={200} />}>
        <UsageChart
          days={chartDays(table.rows)}
          label={`Usage per day, GB, since the plan started on ${dayLabel(table.rows[0]?.date ?? start.slice(0, 10))}`}
        />
      </Suspense>
      <ScrollArea.Autosize mah={320} mt="md" type="auto">
        <UsageTable
          rows={table.rows}
          total={table.total}
          heading="Day (UTC)"
          when={(date) => dayLabel(date, true)}
          totalLabel={`Total since ${formatDate(start)}`}
          testId="usage"
          dateAttribute="data-date"
          spacing={6}
        />
      </ScrollArea.Autosize>
    </Card>
  );
};
