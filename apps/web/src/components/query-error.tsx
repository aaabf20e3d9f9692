import { Alert, Button, Group, Text } from '@mantine/core';

/** What a failed load is read from: a query (its error, and `refetch` to try again), or the two apart. */
type Failed =
  { query: { error: Error | null; refetch: () => unknown } } | { error: Error; onRetry: () => void };

/** A failed load: what went wrong and a way to try again, never an endless loader. */
export const QueryError = ({ title = 'Could not load this', ...failed }: Failed & { title?: string }) => {
  const { error, onRetry } =
    'query' in failed ? { error: failed.query.error, onRetry: () => void failed.query.refetch() } : failed;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{error?.message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
};
