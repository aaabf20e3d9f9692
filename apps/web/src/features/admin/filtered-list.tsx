import { Box, Button, Group, Select, Stack, Text, TextInput, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-error';
import { ListFooter } from './list-footer';
import { ListEmpty, ListSkeleton } from './list-states';
import type { UrlFilters } from './url-filters';

/** What an empty list says: with filters on (they hid every row), and without (there is nothing yet). */
interface EmptyWords {
  filtered: { title: string; hint: string };
  none: { title: string; hint: string };
}

/** How the rows are drawn: by `children`, or as a table on wide screens and cards on narrow ones. */
type Rows<T> =
  | { children: (rows: T[]) => ReactNode }
  | {
      table: (rows: T[]) => ReactNode;
      card: (row: T) => ReactNode;
      cardsTestId?: string;
      wideFrom?: 'sm' | 'md';
    };

const drawRows = <T,>(rows: T[], how: Rows<T>) =>
  'children' in how ? (
    how.children(rows)
  ) : (
    <>
      <Box visibleFrom={how.wideFrom ?? 'sm'}>{how.table(rows)}</Box>
      <Stack gap="xs" hiddenFrom={how.wideFrom ?? 'sm'} data-testid={how.cardsTestId}>
        {rows.map(how.card)}
      </Stack>
    </>
  );

/**
 * A filtered, paged console list (Audit, Money's invoices and events, Customer webhooks): the error, the
 * skeleton on its first load, the empty card (a way out when filters hid everything), else the rows and the
 * pages under them, dimmed while the next page loads.
 */
export const FilteredList = <T,>({
  query: { data, error, refetch, isFetching = false },
  errorTitle,
  filters: { filtered, clear, page, set },
  empty,
  noun,
  ...how
}: {
  query: {
    data: { count: number; results: T[] } | undefined;
    error: Error | null;
    refetch: () => unknown;
    isFetching?: boolean;
  };
  errorTitle?: string;
  /** The list's URL filters (useUrlFilters): the empty card clears them, the pages turn them. */
  filters: Pick<UrlFilters, 'filtered' | 'clear' | 'page' | 'set'>;
  empty: EmptyWords;
  noun: readonly [string, string];
} & Rows<T>) => {
  const words = filtered ? empty.filtered : empty.none;
  return (
    <>
      {error && <QueryError error={error} title={errorTitle} onRetry={() => void refetch()} />}
      {!data && !error && <ListSkeleton />}
      {data?.count === 0 && <ListEmpty {...words} onClear={filtered ? clear : undefined} />}
      {data && data.count > 0 && (
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {drawRows(data.results, how)}
          <ListFooter
            count={data.count}
            noun={noun}
            page={page}
            onPage={(next) => set({ page: String(next) })}
          />
        </Box>
      )}
    </>
  );
};

/** The From and To day pickers of a list's filters (Audit and Money's invoices, issue #33 item 5). */
export const DayRange = ({
  from,
  to,
  set,
}: {
  from: string;
  to: string;
  set: (change: Record<string, string>) => void;
}) =>
  (
    [
      ['from', 'From', from],
      ['to', 'To', to],
    ] as const
  ).map(([name, label, value]) => (
    <TextInput
      key={name}
      type="date"
      label={label}
      value={value}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      w={{ base: 'calc(50% - 6px)', xs: 140 }}
    />
  ));

/** A list's Select filter: the URL filter it sets, its label, its choices and its width. */
export interface SelectFilter<N extends string> {
  name: N;
  label: string;
  data: SelectProps['data'];
  w: SelectProps['w'];
}

/** A list's Select filters, each Any until one is picked and clearable; `select` is useUrlFilters' own. */
export const SelectFilters = <N extends string>({
  filters,
  select,
}: {
  filters: SelectFilter<N>[];
  select: (name: N) => Pick<SelectProps, 'value' | 'onChange' | 'clearable'>;
}) =>
  filters.map(({ name, label, data, w }) => (
    <Select key={name} label={label} placeholder="Any" data={data} {...select(name)} w={w} />
  ));

/**
 * Between a list's filters and its rows: what it is doing (Loading…, else newest first), a way to clear the
 * filters while any is set, and `children` after it (an export).
 */
export const ListStatus = ({
  loading,
  filters: { filtered, clear },
  children,
}: {
  loading: boolean;
  filters: Pick<UrlFilters, 'filtered' | 'clear'>;
  children?: ReactNode;
}) => (
  <Group justify="space-between" gap="sm">
    <Text size="sm" c="dimmed" aria-live="polite">
      {loading ? 'Loading…' : 'Newest first'}
    </Text>
    <Group gap="xs">
      {filtered && (
        <Button variant="subtle" size="xs" onClick={clear}>
          Clear filters
        </Button>
      )}
      {children}
    </Group>
  </Group>
);
