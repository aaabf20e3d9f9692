import { Box, Button, Card, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-error';
import { ListFooter } from './list-footer';

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

/**
 * A filtered console list's body (the Money page's, the customer webhooks'): its error, its skeleton while the
 * first page loads, the empty state with the way out of the filters, then a table on wide screens and cards
 * on narrow ones, dimmed while the next page loads, with the pages under them.
 */
export const FilteredListBody = <T,>({
  query: { data, error, refetch, isFetching },
  what,
  empty,
  filtered,
  onClear,
  table,
  card,
  cardsTestId,
  wideFrom = 'sm',
  noun,
  page,
  onPage,
}: {
  query: {
    data: { count: number; results: T[] } | undefined;
    error: Error | null;
    refetch: () => unknown;
    isFetching: boolean;
  };
  /** "the invoices": said when they cannot be loaded. */
  what: string;
  /** The empty state's title and hint, with filters on and without. */
  empty: { filtered: [string, string]; none: [string, string] };
  filtered: boolean;
  onClear: () => void;
  table: (rows: T[]) => ReactNode;
  card: (row: T) => ReactNode;
  cardsTestId?: string;
  wideFrom?: 'sm' | 'md';
  noun: readonly [string, string];
  page: number;
  onPage: (page: number) => void;
}) => {
  const [title, hint] = filtered ? empty.filtered : empty.none;
  return (
    <>
      {error && <QueryError error={error} title={`Could not load ${what}`} onRetry={() => void refetch()} />}
      {!data && !error && <ListSkeleton />}
      {data && data.count === 0 && (
        <ListEmpty title={title} hint={hint} onClear={filtered ? onClear : undefined} />
      )}
      {data && data.count > 0 && (
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Box visibleFrom={wideFrom}>{table(data.results)}</Box>
          <Stack gap="xs" hiddenFrom={wideFrom} data-testid={cardsTestId}>
            {data.results.map(card)}
          </Stack>
          <ListFooter count={data.count} noun={noun} page={page} onPage={onPage} />
        </Box>
      )}
    </>
  );
};

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
