import { Anchor, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useAudit } from './api';
import { changeLines } from './audit-change';
import { when } from './format';
import { ListFooter } from './list-footer';
import { ListEmpty, ListSkeleton } from './list-states';
import { useUrlFilters } from './url-filters';

const FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const;
const TEXT_FILTERS = [
  { name: 'actor', label: 'Actor', placeholder: 'username or cli', w: 150 },
  { name: 'action', label: 'Action', placeholder: 'customer., balance.', w: 150 },
  { name: 'target', label: 'Customer', placeholder: 'username or id', w: 220 },
] as const;

/** Before → after as one line per changed field (issue #33 item 5), never raw JSON. */
const Change = ({ before, after }: { before: unknown; after: unknown }) => {
  const lines = changeLines(before, after);
  if (lines.length === 0)
    return (
      <Text span c="dimmed" inherit>
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.field ?? ''} size="sm">
          {line.field && <Text span c="dimmed" inherit>{`${line.field}: `}</Text>}
          {line.from} → <b>{line.to}</b>
        </Text>
      ))}
    </Stack>
  );
};

/** The audit trail, read-only (issue #17 §7): who, when, from where, what, before → after, why. */
export const AuditPage = () => {
  const { values, page, set, clear, filtered } = useUrlFilters(FILTERS);
  const [debounced] = useDebouncedValue(values, 400);
  const { data, error, refetch } = useAudit(debounced, page);

  return (
    <>
      <PageHeader
        title="Audit"
        description="Every operator action and command, newest first. Nobody can edit it."
      />
      <Group mb="md" wrap="wrap" align="flex-end" gap="sm">
        {TEXT_FILTERS.map(({ name, label, placeholder, w }) => (
          <TextInput
            key={name}
            label={label}
            placeholder={placeholder}
            value={values[name]}
            onChange={(event) => set({ [name]: event.currentTarget.value })}
            w={{ base: '100%', xs: w }}
          />
        ))}
        {/* The same day pickers as Money's (issue #33 item 5). */}
        <TextInput
          type="date"
          label="From"
          value={values.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
          w={{ base: 'calc(50% - 6px)', xs: 140 }}
        />
        <TextInput
          type="date"
          label="To"
          value={values.to}
          onChange={(event) => set({ to: event.currentTarget.value })}
          w={{ base: 'calc(50% - 6px)', xs: 140 }}
        />
      </Group>
      {error && <QueryError error={error} onRetry={() => void refetch()} />}
      {!data && !error && <ListSkeleton />}
      {data?.results.length === 0 && (
        <ListEmpty
          title={filtered ? 'Nothing matches these filters' : 'Nothing done yet'}
          hint={
            filtered
              ? 'Widen the days or clear the filters.'
              : 'Every operator action and command will be listed here.'
          }
          onClear={filtered ? clear : undefined}
        />
      )}
      {data && data.results.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Before → after</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.created)}</Table.Td>
                  <Table.Td>
                    {row.actor}
                    {row.ip && (
                      <Text size="xs" c="dimmed">
                        {row.ip}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td>
                    {row.target_type === 'user' ? (
                      <Anchor component={Link} to={`/admin/customers/${row.target_id}`} size="sm">
                        {row.target_name ?? 'customer'}
                      </Anchor>
                    ) : (
                      <Text size="sm">
                        {row.target_type}{' '}
                        <Text span c="dimmed" inherit ff="monospace">
                          {row.target_id.split('-')[0]}
                        </Text>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Change before={row.before} after={row.after} />
                  </Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.results.length > 0 && (
        <ListFooter
          count={data.count}
          noun={['entry', 'entries']}
          page={page}
          onPage={(next) => set({ page: String(next) })}
        />
      )}
    </>
  );
};
