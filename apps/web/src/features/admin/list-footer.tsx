import { Group, Pagination, Text } from '@mantine/core';

/** Rows per page of the console's lists (the API pages by the same). */
const PAGE_SIZE = 10;

/** Under a console list: how many rows there are in all ("3 customers") and the pages. */
export const ListFooter = ({
  count,
  noun,
  page,
  onPage,
}: {
  count: number;
  /** Singular and plural, e.g. `['customer', 'customers']`. */
  noun: readonly [string, string];
  page: number;
  onPage: (page: number) => void;
}) => (
  <Group justify="space-between" mt="md">
    <Text size="sm" c="dimmed">
      {count} {count === 1 ? noun[0] : noun[1]}
    </Text>
    <Pagination total={Math.max(1, Math.ceil(count / PAGE_SIZE))} value={page} onChange={onPage} size="sm" />
  </Group>
);
