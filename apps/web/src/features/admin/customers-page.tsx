import { Anchor, Badge, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatEuro } from '../../lib/format';
import { useCustomers, type CustomerSort } from './api';
import { ReadOnlyList, type Column } from './read-only-list';

const SORTS: { value: CustomerSort; label: string }[] = [
  { value: '-joined', label: 'Newest first' },
  { value: 'joined', label: 'Oldest first' },
  { value: 'username', label: 'Username A–Z' },
  { value: '-username', label: 'Username Z–A' },
];

type Customer = NonNullable<ReturnType<typeof useCustomers>['data']>['results'][number];

const COLUMNS: Column<Customer>[] = [
  {
    label: 'Username',
    cell: (customer) => (
      <>
        <Anchor component={Link} to={`/admin/customers/${customer.id}`} fw={500}>
          {customer.username}
        </Anchor>
        {!customer.is_active && (
          <Badge ml={6} color="red" variant="light" size="sm">
            deactivated
          </Badge>
        )}
      </>
    ),
  },
  { label: 'E-mail', cell: (customer) => customer.email },
  { label: 'Role', cell: (customer) => customer.role },
  { label: 'Balance', cell: (customer) => formatEuro(customer.balance), align: 'right' },
  { label: 'Joined', cell: (customer) => formatDate(customer.joined) },
];

/** Search by username, e-mail, id, referral code or whitelisted IP (issue #17 §3); ten a page. */
export const CustomersPage = () => {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') as CustomerSort | null) ?? '-joined';
  const page = Number(params.get('page') ?? 1) || 1;
  const [debounced] = useDebouncedValue(q, 300);
  const query = useCustomers(debounced.trim(), sort, page);
  const set = (changes: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), page: '1', ...changes }, { replace: true });

  return (
    <>
      <PageHeader
        title="Customers"
        description="Username or e-mail start, id, referral code or whitelisted IP."
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="alice, alice@…, 198.51.100.7"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(event) => set({ q: event.currentTarget.value })}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Sort"
          data={SORTS}
          value={sort}
          onChange={(value) => value && set({ sort: value })}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <ReadOnlyList
        columns={COLUMNS}
        query={query}
        rowKey={(customer) => customer.id}
        empty="No customer matches this search."
        noun={['customer', 'customers']}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        minWidth={560}
      />
    </>
  );
};
