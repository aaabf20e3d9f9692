import { Alert, Button, Group, Text } from '@mantine/core';

/** A failed load: what went wrong and a way to try again, never an endless loader. */
export const QueryError = ({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: Error;
  onRetry: () => void;
  title?: string;
}) => (
  <Alert color="red" variant="light" title={title} role="alert">
    <Group justify="space-between" align="center" gap="sm">
      <Text size="sm">{error.message}</Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Group>
  </Alert>
);
