import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { QueryError } from '../../components/query-error';
import { useResendDelivery, useWebhookDeliveries } from './api/webhooks';

const STATE_COLOURS = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The latest deliveries: what was sent, what the receiver answered, and a way to send one again. */
export const WebhookDeliveries = () => {
  const deliveries = useWebhookDeliveries();
  const resend = useResendDelivery();
  if (deliveries.error) return <QueryError query={deliveries} />;
  const rows = deliveries.data ?? [];
  return (
    <div>
      <Title order={4} size="h5" mb="xs">
        Latest deliveries
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {deliveries.isPending ? 'Loading…' : 'Nothing sent yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="webhook-deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Last try</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.event}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOURS[row.state]}>
                      {row.state} · {row.attempts} {row.attempts === 1 ? 'try' : 'tries'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={row.last_answer ?? undefined} lineClamp={1}>
                      {row.last_status ?? row.last_error ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(row.last_attempt_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={resend.isPending && resend.variables === row.id}
                      onClick={() => resend.mutate(row.id)}
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
};
