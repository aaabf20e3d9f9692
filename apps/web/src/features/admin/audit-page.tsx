import { Anchor, Code, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useAudit } from './api';
import { when } from './format';
import { ListFooter } from './list-footer';

const FILTERS = [
  { name: 'actor', label: 'Actor', placeholder: 'username or cli' },
  { name: 'action', label: 'Action', placeholder: 'customer., balance.' },
  { name: 'target', label: 'Customer id', placeholder: 'uuid' },
  { name: 'from', label: 'From', placeholder: 'YYYY-MM-DD' },
  { name: 'to', label: 'To', placeholder: 'YYYY-MM-DD' },
] as const;

const change = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit trail, read-only (issue #17 §7): who, when, from where, what, before → after, why. */
export const AuditPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map(({ name }) => [name, params.get(name) ?? '']));
  const page = Number(params.get('page') ?? 1) || 1;
  const [debounced] = useDebouncedValue(filters, 400);
  const { data, error, refetch } = useAudit(debounced, page);
  const set = (changes: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), page: '1', ...changes }, { replace: true });

  return (
    <>
      <PageHeader
        title="Audit"
        description="Every operator action and command, newest first. Nobody can edit it."
      />
      <Group mb="md" wrap="wrap" align="flex-end">
        {FILTERS.map(({ name, label, placeholder }) => (
          <TextInput
            key={name}
            label={label}
            placeholder={placeholder}
            value={filters[name]}
            onChange={(event) => set({ [name]: event.currentTarget.value })}
            w={name === 'target' ? 300 : 150}
          />
        ))}
      </Group>
      {error && <QueryError error={error} onRetry={() => void refetch()} />}
      <Table.ScrollContainer minWidth={820}>
        <Table striped>
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
            {data?.results.map((row) => (
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
                      customer
                    </Anchor>
                  ) : (
                    `${row.target_type} ${row.target_id}`
                  )}
                </Table.Td>
                <Table.Td>
                  <Code>{change(row.before)}</Code> → <Code>{change(row.after)}</Code>
                </Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && (
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
