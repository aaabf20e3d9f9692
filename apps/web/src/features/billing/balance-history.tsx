import { Anchor, Button, Card, Center, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error';
import { formatDate, formatEuro } from '../../lib/format';
import { useBalanceHistory } from './api/balance-history';

/** Every top-up and purchase from the balance, newest first. */
export const BalanceHistory = () => {
  const history = useBalanceHistory();
  const rows = history.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="sm">
        History
      </Title>
      {history.error ? (
        <QueryError query={history} />
      ) : history.isPending ? (
        <Skeleton height={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet: your top-ups and purchases from the balance will show here.
        </Text>
      ) : (
        <Stack gap="sm">
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" miw={480} data-testid="balance-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDate(entry.created)}</Table.Td>
                    <Table.Td>
                      {entry.invoice_id ? (
                        <Anchor component={Link} to={`/invoice/${entry.invoice_id}`}>
                          {entry.reason}
                        </Anchor>
                      ) : (
                        entry.reason
                      )}
                    </Table.Td>
                    <Table.Td ta="right" c={entry.amount < 0 ? undefined : 'teal'} fw={500}>
                      {entry.amount > 0 ? '+' : ''}
                      {formatEuro(entry.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {history.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                Show more
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </Card>
  );
};
