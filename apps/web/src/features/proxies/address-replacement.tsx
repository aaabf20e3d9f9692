import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconReplace } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../components/query-error';
import { formatDate } from '../../lib/format';
import { usePlanAddresses, useReplaceAddresses } from './api/replacements';
import { ReplaceConfirm, ReplacedAddresses } from './replace-dialogs';

/**
 * A plan's addresses with a box each: the customer picks those that are blocked or slow and replaces them with
 * free ones of the same pool, within the month's quota (issue #32 item 4).
 */
export const AddressReplacement = ({ planId }: { planId: string }) => {
  const lines = usePlanAddresses(planId);
  const replace = useReplaceAddresses(planId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  if (lines.error) return <QueryError query={lines} />;
  if (!lines.data) return <Skeleton height={160} />;
  const { addresses, replacements: quota } = lines.data;
  const left = Math.max(0, quota.quota - quota.used);
  const picked = chosen.filter((line) => addresses.includes(line));
  const toggle = (line: string, on: boolean) =>
    setChosen((now) => (on ? [...now, line] : now.filter((l) => l !== line)));
  const allOn = picked.length === addresses.length && addresses.length > 0;

  return (
    <Card withBorder padding="lg" data-testid="address-replacement">
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={3} size="h4">
            Replace addresses
          </Title>
          <Text size="sm" c="dimmed">
            Swap a blocked or slow address for a free one of the same pool. Your whitelist carries over.
          </Text>
        </div>
        <Badge
          variant="light"
          color={left === 0 ? 'red' : 'blue'}
          size="lg"
          data-testid="replacement-quota"
          title={`Resets ${formatDate(quota.resets_at)}`}
        >
          {quota.used} / {quota.quota} used this month
        </Badge>
      </Group>
      {replace.data && <ReplacedAddresses replaced={replace.data.payload.replaced} />}
      {addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          This plan has no addresses yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <ScrollArea.Autosize mah={280} type="auto">
            <Table verticalSpacing={4} stickyHeader data-testid="replaceable-addresses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Choose every address"
                      checked={allOn}
                      indeterminate={picked.length > 0 && !allOn}
                      onChange={(e) => setChosen(e.currentTarget.checked ? addresses : [])}
                    />
                  </Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {addresses.map((line) => (
                  <Table.Tr key={line}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${line}`}
                        checked={picked.includes(line)}
                        onChange={(e) => toggle(line, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td ff="monospace" fz="sm">
                      {line}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c={picked.length > left ? 'red' : 'dimmed'} data-testid="replacement-hint">
              {picked.length > left
                ? `You can replace ${left} more this month: choose fewer`
                : `${left} replacement${left === 1 ? '' : 's'} left this month · resets ${formatDate(quota.resets_at)}`}
            </Text>
            <Button
              leftSection={<IconReplace size={16} />}
              disabled={picked.length === 0 || picked.length > left}
              onClick={() => {
                replace.reset();
                setAsking(true);
              }}
            >
              Replace{picked.length > 0 ? ` ${picked.length}` : ''}
            </Button>
          </Group>
        </Stack>
      )}
      <ReplaceConfirm
        opened={asking}
        addresses={picked}
        quota={quota}
        pending={replace.isPending}
        error={replace.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          replace.mutate(picked, {
            onSuccess: () => {
              setAsking(false);
              setChosen([]);
            },
          })
        }
      />
    </Card>
  );
};
