import { Button, Card, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';

/** A console list's rows while its first page loads. */
export const ListSkeleton = ({ rows = 5 }: { rows?: number }) => (
  <Stack gap="xs" role="status" aria-label="Loading">
    {Array.from({ length: rows }, (_, index) => (
      <Skeleton key={index} height={40} radius="sm" />
    ))}
  </Stack>
);

/** No rows: what the list would show, and the way out when filters hid everything. */
export const ListEmpty = ({
  title,
  hint,
  onClear,
}: {
  title: string;
  hint: string;
  /** Given when filters are on: a button clears them. */
  onClear?: (() => void) | undefined;
}) => (
  <Card withBorder padding="xl">
    <Stack align="center" gap={6} ta="center">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={420}>
        {hint}
      </Text>
      {onClear && (
        <Button variant="light" size="xs" mt="xs" leftSection={<IconFilterOff size={14} />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Stack>
  </Card>
);

/** A console list's customer filter: an id or exact username (the server's `customerIs`). */
export const CustomerFilter = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => (
  <TextInput
    label="Customer"
    placeholder="id or exact username"
    leftSection={<IconSearch size={16} aria-hidden />}
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    style={{ flex: '1 1 160px' }}
    miw={{ base: '100%', xs: 160 }}
  />
);
