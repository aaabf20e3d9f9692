import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UsageRow } from './usage-rows';

/**
 * The table under a usage chart (a plan's panel, a proxy line's dialog): one row per day or hour, newest first,
 * and the total in its footer. `testId` names the table and its total (`<testId>-table`, `<testId>-total`);
 * each row's time stands in `dateAttribute` for the tests that read it.
 */
export const UsageTable = ({
  rows,
  total,
  heading,
  when,
  totalLabel,
  testId,
  dateAttribute,
  spacing,
}: {
  /** Oldest first, as `usageRows` gives them. */
  rows: UsageRow[];
  total: string;
  heading: ReactNode;
  when: (date: string) => ReactNode;
  totalLabel: ReactNode;
  testId: string;
  dateAttribute: 'data-at' | 'data-date';
  spacing: number;
}) => (
  <Table stickyHeader verticalSpacing={spacing} data-testid={`${testId}-table`}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{heading}</Table.Th>
        <Table.Th ta="right">Used</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {[...rows].reverse().map((row) => (
        <Table.Tr key={row.date}>
          <Table.Td>{when(row.date)}</Table.Td>
          <Table.Td ta="right" ff="monospace" {...{ [dateAttribute]: row.date }}>
            {row.gb} GB
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th>{totalLabel}</Table.Th>
        <Table.Th ta="right" ff="monospace" data-testid={`${testId}-total`}>
          {total} GB
        </Table.Th>
      </Table.Tr>
    </Table.Tfoot>
  </Table>
);
