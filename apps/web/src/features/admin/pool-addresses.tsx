import { Anchor, Badge, Button, Card, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PRODUCT_NAMES, type AdminPoolAddress, type IpProduct, type ProductCode } from '@proxydesk/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SegmentedChoice } from '../../components/segmented-choice';
import { toastDone } from '../../lib/toast';
import { ReasonModal } from './catalogue/reason-modal';
import { ReadOnlyList, type Column } from './read-only-list';
import { useIsOperator } from './me-api';
import { POOL_PRODUCTS } from './pool-import-form';
import { usePoolAddresses, useRetireAddress, type PoolState } from './pools-api';

const STATES = [
  { value: '', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'retired', label: 'Retired' },
];

/** `ADDRESS:PORT`, IPv6 in brackets: how a customer's proxy line writes it. */
export const endpointText = ({ address, port }: { address: string; port: number }) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

const StateBadge = ({ row }: { row: AdminPoolAddress }) =>
  row.retired ? (
    <Badge color="gray" variant="light">
      retired
    </Badge>
  ) : row.assigned ? (
    <Badge color="indigo" variant="light">
      assigned
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      free
    </Badge>
  );

/** Asks why, says what happens to the plan using it, then retires the address. */
const RetireModal = ({ row, onClose }: { row: AdminPoolAddress; onClose: () => void }) => {
  const retire = useRetireAddress();
  const confirm = (reason: string) =>
    retire.mutate(
      { id: row.id, reason },
      {
        onSuccess: ({ payload }) => {
          toastDone(
            payload.moved_to
              ? `Retired; ${payload.customer ?? 'the customer'} moved to ${endpointText(payload.moved_to)} and was mailed`
              : 'Address retired',
          );
          onClose();
        },
      },
    );
  return (
    <ReasonModal
      title={`Retire ${endpointText(row)}`}
      confirm="Retire"
      danger
      pending={retire.isPending}
      error={retire.error}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Text size="sm">
        {row.assigned
          ? `It is never assigned again. ${row.assigned.username}'s plan "${row.assigned.plan_name}" moves to a free address of the product at once, and they are mailed the new one.`
          : 'It is never assigned again.'}
      </Text>
    </ReasonModal>
  );
};

/** The addresses' columns; an operator may retire one that is not retired yet. */
const addressColumns = (
  operator: boolean,
  retire: (row: AdminPoolAddress) => void,
): Column<AdminPoolAddress>[] => [
  {
    label: 'Address',
    cell: (row) => (
      <Text span size="sm" ff="monospace">
        {endpointText(row)}
      </Text>
    ),
    nowrap: true,
  },
  { label: 'Product', cell: (row) => PRODUCT_NAMES[row.product as ProductCode] ?? row.product },
  { label: 'State', cell: (row) => <StateBadge row={row} /> },
  {
    label: 'Plan · customer',
    cell: (row) =>
      row.assigned ? (
        <>
          {row.assigned.plan_name} ·{' '}
          <Anchor component={Link} to={`/admin/customers/${row.assigned.customer_id}`}>
            {row.assigned.username}
          </Anchor>
        </>
      ) : (
        <Text span c="dimmed" size="sm">
          —
        </Text>
      ),
  },
  {
    label: '',
    align: 'right',
    cell: (row) =>
      operator &&
      !row.retired && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => retire(row)}
          aria-label={`Retire ${endpointText(row)}`}
        >
          Retire
        </Button>
      ),
  },
];

/** Every address, the plan and customer using it; filtered by product, state and address (issue #17 §6). */
export const PoolAddresses = () => {
  const [params, setParams] = useSearchParams();
  const product = (params.get('product') ?? '') as IpProduct | '';
  const state = (params.get('state') ?? '') as PoolState | '';
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const query = usePoolAddresses(
    { product: product || undefined, state: state || undefined, q: debounced || undefined },
    page,
  );
  const [retiring, setRetiring] = useState<AdminPoolAddress | null>(null);
  const operator = useIsOperator();
  const set = (changes: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), page: '1', ...changes }, { replace: true });

  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h5" mb="md">
        Addresses
      </Title>
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Product"
          data={[{ value: '', label: 'All products' }, ...POOL_PRODUCTS]}
          value={product}
          onChange={(value) => set({ product: value ?? '' })}
          allowDeselect={false}
          w={170}
        />
        <SegmentedChoice
          id="pool-state-label"
          label="State"
          data={STATES}
          value={state}
          onChange={(value) => set({ state: value })}
        />
        <TextInput
          label="Address starts with"
          placeholder="203.0.113."
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(event) => set({ q: event.currentTarget.value })}
          style={{ flex: '1 1 200px' }}
        />
      </Group>
      <ReadOnlyList
        columns={addressColumns(operator, setRetiring)}
        query={query}
        rowKey={(row) => row.id}
        empty="No addresses match — change the filters or import some above."
        noun={['address', 'addresses']}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        minWidth={620}
      />
      {retiring && <RetireModal row={retiring} onClose={() => setRetiring(null)} />}
    </Card>
  );
};
