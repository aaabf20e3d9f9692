import {
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { LineUsageGranularity } from '@proxydesk/contract';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useLineUsage, type UsageOwner } from '../api/line-usage';
import { downloadUsageCsv } from '../usage-download';
import { dayLabel, hourLabel, usageRows } from '../usage-rows';
import { UsageTable } from '../usage-table';
import { TopDomains } from './top-domains';

const UsageChart = lazy(async () => ({ default: (await import('../usage-chart')).UsageChart }));

const SPANS: Record<LineUsageGranularity, { label: string; span: string; column: 'hour' | 'date' }> = {
  hour: { label: 'Hours', span: 'the last 7 days', column: 'hour' },
  day: { label: 'Days', span: 'the last 90 days', column: 'date' },
};

/**
 * One set of credentials' usage (issue #31 item 4): a sub-user's, or the owner's own lines on the plan. The chart,
 * the table and the CSV are the same rows rounded the same way (issue #19's `usageRows`), per hour or per day;
 * under them, the day's top target hosts.
 */
export const UsageDialog = ({
  whose,
  name,
  onClose,
}: {
  whose: UsageOwner | null;
  name: string;
  onClose: () => void;
}) => {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={whose !== null}
      onClose={onClose}
      title={`Usage of ${name}`}
      size="xl"
      fullScreen={narrow}
      data-testid="usage-dialog"
    >
      {whose && <UsageView key={JSON.stringify(whose)} whose={whose} name={name} />}
    </Modal>
  );
};

const UsageView = ({ whose, name }: { whose: UsageOwner; name: string }) => {
  const [granularity, setGranularity] = useState<LineUsageGranularity>('hour');
  const usage = useLineUsage(whose, granularity);
  const { label, span, column } = SPANS[granularity];
  const tick = granularity === 'hour' ? hourLabel : dayLabel;
  const table = useMemo(
    () =>
      usage.data
        ? usageRows(
            usage.data.buckets.map((b) => ({
              date: granularity === 'hour' ? b.at : b.at.slice(0, 10),
              bytes: b.bytes,
            })),
          )
        : null,
    [usage.data, granularity],
  );
  const file = `usage-${name.replace(/[^\w-]+/g, '_')}-${granularity}s.csv`;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Usage per"
          value={granularity}
          onChange={(value) => setGranularity(value)}
          data={[
            { value: 'hour', label: 'Per hour · 7 days' },
            { value: 'day', label: 'Per day · 90 days' },
          ]}
        />
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          disabled={!table}
          onClick={() => table && downloadUsageCsv(table.rows, file, column)}
        >
          Export CSV
        </Button>
      </Group>
      {usage.error ? (
        <QueryError query={usage} />
      ) : !table ? (
        <Skeleton height={420} radius="md" />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            GB per {granularity}, both directions, over {span} (UTC).
            {usage.data?.total_bytes === 0 ? ' No traffic in this time yet.' : ''}
          </Text>
          <Suspense fallback={<Skeleton height={200} />}>
            <UsageChart
              days={table.rows.map((r) => ({ date: r.date, gb: Number(r.gb) }))}
              label={`Usage of ${name} per ${granularity}, GB, over ${span}`}
              tick={tick}
            />
          </Suspense>
          <ScrollArea.Autosize
            mah={260}
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `Usage per ${granularity}` }}
          >
            <UsageTable
              rows={table.rows}
              total={table.total}
              heading={`${label.slice(0, -1)} (UTC)`}
              when={(date) => (granularity === 'hour' ? hourLabel(date) : dayLabel(date, true))}
              totalLabel={`Total, ${span}`}
              testId="line-usage"
              dateAttribute="data-at"
              spacing={4}
            />
          </ScrollArea.Autosize>
        </>
      )}
      <Title order={4} size="h5" mt="sm">
        Top target hosts
      </Title>
      <TopDomains whose={whose} />
    </Stack>
  );
};
