import { Badge, Table, Text } from '@mantine/core';
import type { AdminMail } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-error';
import { when } from './format';
import { ListFooter } from './list-footer';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
}

/** Rows under their columns' headings; `empty` says what no row means (without it, an empty list has none). */
export const ColumnsTable = <T,>({
  columns,
  rows,
  rowKey,
  empty,
  minWidth = 640,
  testId,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  empty?: string;
  minWidth?: number;
  testId?: string;
}) => (
  <Table.ScrollContainer minWidth={minWidth}>
    <Table striped highlightOnHover data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label} ta={column.align}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {empty && rows?.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows?.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.label}
                ta={column.align}
                style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** A console list that only reads: columns, an empty state that says what it means, the pages. */
export const ReadOnlyList = <T,>({
  columns,
  query,
  rowKey,
  empty,
  noun,
  page,
  onPage,
  minWidth = 640,
}: {
  columns: Column<T>[];
  query: {
    data: { count: number; results: T[] } | undefined;
    error: Error | null;
    refetch: () => unknown;
  };
  rowKey: (row: T) => string;
  empty: string;
  noun: readonly [string, string];
  page: number;
  onPage: (page: number) => void;
  minWidth?: number;
}) => (
  <>
    {query.error && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
    <ColumnsTable
      columns={columns}
      rows={query.data?.results}
      rowKey={rowKey}
      empty={empty}
      minWidth={minWidth}
    />
    {query.data && query.data.count > 0 && (
      <ListFooter count={query.data.count} noun={noun} page={page} onPage={onPage} />
    )}
  </>
);

const MAIL_STATE_COLOURS = { sent: 'teal', pending: 'yellow', sending: 'blue', failed: 'red' } as const;

/** A mail's state as a badge with its word (never colour alone). */
export const MailStateBadge = ({ state }: { state: keyof typeof MAIL_STATE_COLOURS }) => (
  <Badge variant="light" color={MAIL_STATE_COLOURS[state]}>
    {state}
  </Badge>
);

/** The columns of a mail list: when, template, to, state, tries, and (for the failed ones) why. */
export const mailColumns = (withError: boolean): Column<AdminMail>[] => [
  { label: 'When', cell: (mail) => when(mail.created), nowrap: true },
  { label: 'Template', cell: (mail) => mail.template },
  { label: 'To', cell: (mail) => mail.to },
  { label: 'State', cell: (mail) => <MailStateBadge state={mail.state} /> },
  { label: 'Tries', cell: (mail) => mail.attempts, align: 'right' },
  ...(withError
    ? [
        {
          label: 'Last error',
          cell: (mail: AdminMail) => (
            <Text size="sm" c="dimmed">
              {mail.error ?? '—'}
            </Text>
          ),
        },
      ]
    : []),
];
