import { Alert, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DOMAIN_STATS_DAYS, TOP_DOMAINS } from '@proxydesk/contract';
import { IconEyeOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { QueryError } from '../../../components/query-error';
import { useLineDomains, type UsageOwner } from '../api/line-usage';
import { dayLabel } from '../usage-rows';
import { formatBytes } from './format';

/** The UTC days whose hosts are kept, newest first. */
const keptDays = (now = Date.now()) =>
  Array.from({ length: DOMAIN_STATS_DAYS }, (_, i) =>
    new Date(now - i * 86_400_000).toISOString().slice(0, 10),
  );

/** A day's top 20 target hosts of one set of credentials (host names only; issue #31 item 4, ADR 006). */
export const TopDomains = ({ whose }: { whose: UsageOwner }) => {
  const days = useMemo(() => keptDays(), []);
  const [date, setDate] = useState(days[0]!);
  const domains = useLineDomains(whose, date);
  return (
    <Stack gap="sm" data-testid="top-domains">
      {/* When the shop keeps no hosts, there is no day to choose. */}
      {domains.data?.enabled !== false && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Text size="sm" c="dimmed" maw={420}>
            The {TOP_DOMAINS} hosts it reached most on a day, by data; host names only, kept{' '}
            {DOMAIN_STATS_DAYS} days.
          </Text>
          <Select
            label="Day (UTC)"
            w={180}
            value={date}
            allowDeselect={false}
            onChange={(value) => value && setDate(value)}
            data={days.map((day, i) => ({ value: day, label: i === 0 ? 'Today' : dayLabel(day, true) }))}
          />
        </Group>
      )}
      {domains.error ? (
        <QueryError query={domains} />
      ) : !domains.data ? (
        <Skeleton height={120} radius="md" />
      ) : !domains.data.enabled ? (
        <Alert variant="light" color="gray" icon={<IconEyeOff size={18} />} data-testid="domains-off">
          The shop does not record target hosts: domain statistics are turned off.
        </Alert>
      ) : domains.data.domains.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="domains-empty">
          No traffic on {date === days[0] ? 'this day yet' : 'this day'}: hosts appear here once its lines are
          used.
        </Text>
      ) : (
        <Table verticalSpacing={4} data-testid="domains-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Host</Table.Th>
              <Table.Th ta="right">Used</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                Connections
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.data.domains.map((d) => (
              <Table.Tr key={d.host}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {d.host}
                    </Text>
                    <CopyButton value={d.host} label={`Copy ${d.host}`} />
                  </Group>
                </Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(d.bytes)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" visibleFrom="xs">
                  {d.connections.toLocaleString()}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
