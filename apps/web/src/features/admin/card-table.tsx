import { Card, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table's heading row: a heading per label, those of figures (`right`) right-aligned; `children` come after
 * them (an actions column, for one).
 */
export const TableHead = ({
  labels,
  right = [],
  children,
}: {
  labels: string[];
  right?: string[];
  children?: ReactNode;
}) => (
  <Table.Thead>
    <Table.Tr>
      {labels.map((label) => (
        <Table.Th key={label} ta={right.includes(label) ? 'right' : undefined}>
          {label}
        </Table.Th>
      ))}
      {children}
    </Table.Tr>
  </Table.Thead>
);

/**
 * A console table in a bordered card that scrolls sideways below `minWidth`: its heading row (`labels`, `right`
 * and `actions` as in TableHead), the rows given as children, and a `foot` (a totals row) under them; striped,
 * its rows lit on hover unless `hover` is false.
 */
export const CardTable = ({
  minWidth,
  labels,
  right,
  actions,
  foot,
  hover = true,
  stickyHeader,
  children,
}: {
  minWidth: number;
  labels: string[];
  right?: string[];
  actions?: ReactNode;
  foot?: ReactNode;
  hover?: boolean;
  stickyHeader?: boolean;
  children: ReactNode;
}) => (
  <Card withBorder padding={0}>
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover={hover} verticalSpacing="xs" stickyHeader={stickyHeader}>
        <TableHead labels={labels} right={right}>
          {actions}
        </TableHead>
        <Table.Tbody>{children}</Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  </Card>
);
