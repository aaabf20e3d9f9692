import { Group, Pagination, Text } from '@mantine/core';

/** Rows per page of the console's lists (the API pages by the same). */
const PAGE_SIZE = 10;

/** The pager's arrows, named for a screen reader (they hold only an icon). */
const controlNames = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

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
    <Pagination
      total={Math.max(1, Math.ceil(count / PAGE_SIZE))}
      value={page}
      onChange={onPage}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': controlNames[control] })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  </Group>
);
