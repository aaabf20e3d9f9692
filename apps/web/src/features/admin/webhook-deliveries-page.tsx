import { Anchor, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  type AdminDeliveryFilter,
  type AdminWebhookDelivery,
} from '@proxydesk/contract';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { PageHeader } from '../../components/page-header';
import { CardTable } from './card-table';
import { DeliveryStateBadge, LastAnswer, ResendButton } from './delivery-parts';
import { when } from './format';
import { FilteredList, ListStatus, SelectFilters, type SelectFilter } from './filtered-list';
import { CustomerFilter } from './list-states';
import { useIsOperator } from './me-api';
import { useSettledFilter, useUrlFilters } from './url-filters';
import { useAdminDeliveries } from './webhooks-api';

const FILTERS = ['customer', 'state', 'event'] as const;

/** The Select filters (on a phone, they share a row). */
const SELECTS: SelectFilter<(typeof FILTERS)[number]>[] = [
  {
    name: 'state',
    label: 'State',
    data: [...WEBHOOK_DELIVERY_STATES],
    w: { base: 'calc(50% - 6px)', xs: 150 },
  },
  { name: 'event', label: 'Event', data: [...WEBHOOK_EVENTS], w: { base: 'calc(50% - 6px)', xs: 210 } },
];

const Customer = ({ delivery }: { delivery: AdminWebhookDelivery }) => (
  <Anchor component={Link} to={`/admin/customers/${delivery.customer_id}`} size="sm">
    {delivery.customer}
  </Anchor>
);

const Url = ({ url }: { url: string }) => (
  <Group gap={4} wrap="nowrap" miw={0}>
    <Text size="sm" ff="monospace" truncate="end" title={url} maw={260}>
      {url}
    </Text>
    <CopyButton value={url} label="Copy URL" />
  </Group>
);

const DeliveryTable = ({ rows, operator }: { rows: AdminWebhookDelivery[]; operator: boolean }) => (
  <CardTable
    minWidth={980}
    labels={['Created', 'Customer', 'Event', 'URL', 'State', 'Attempts', 'Last answer']}
    right={['Attempts']}
    actions={operator && <Table.Th aria-label="Actions" />}
  >
    {rows.map((delivery) => (
      <Table.Tr key={delivery.id}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(delivery.created)}</Table.Td>
        <Table.Td>
          <Customer delivery={delivery} />
        </Table.Td>
        <Table.Td>
          <Code>{delivery.event}</Code>
        </Table.Td>
        <Table.Td>
          <Url url={delivery.url} />
        </Table.Td>
        <Table.Td>
          <DeliveryStateBadge state={delivery.state} />
        </Table.Td>
        <Table.Td ta="right">{delivery.attempts}</Table.Td>
        <Table.Td maw={280}>
          <LastAnswer delivery={delivery} />
        </Table.Td>
        {operator && (
          <Table.Td>
            <ResendButton delivery={delivery} />
          </Table.Td>
        )}
      </Table.Tr>
    ))}
  </CardTable>
);

/** One delivery on a narrow screen: event, customer and state first; URL, answer and the action beneath. */
const DeliveryCard = ({ delivery, operator }: { delivery: AdminWebhookDelivery; operator: boolean }) => (
  <Card withBorder padding="sm">
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Code>{delivery.event}</Code>
        <DeliveryStateBadge state={delivery.state} />
      </Group>
      <Text size="xs" c="dimmed">
        <Customer delivery={delivery} /> · {when(delivery.created)} · {delivery.attempts} attempt
        {delivery.attempts === 1 ? '' : 's'}
      </Text>
      <Url url={delivery.url} />
      <LastAnswer delivery={delivery} />
      {operator && (
        <Group>
          <ResendButton delivery={delivery} />
        </Group>
      )}
    </Stack>
  </Card>
);

/**
 * Customer webhooks (issue #32 item 3): what the shop sent to resellers' endpoints and what each receiver
 * answered, filtered in the URL like the Money page; operators re-send one with a reason.
 */
export const WebhookDeliveriesPage = () => {
  const filters = useUrlFilters(FILTERS);
  const { values, page, set, select } = filters;
  const filter: AdminDeliveryFilter = useSettledFilter(values, 'customer');
  const query = useAdminDeliveries(filter, page);
  const operator = useIsOperator();

  return (
    <>
      <PageHeader
        title="Customer webhooks"
        description="Events sent to resellers' endpoints, newest first, with each receiver's last answer. Retried with backoff for 24 hours."
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CustomerFilter value={values.customer} onChange={(customer) => set({ customer })} />
          <SelectFilters filters={SELECTS} select={select} />
        </Group>
        <ListStatus loading={query.isFetching} filters={filters} />
        <FilteredList
          query={query}
          errorTitle="Could not load the deliveries"
          filters={filters}
          empty={{
            filtered: {
              title: 'No delivery matches these filters',
              hint: 'Clear a filter, or check the customer’s exact username.',
            },
            none: {
              title: 'No webhook deliveries yet',
              hint: 'Deliveries appear here once a reseller adds an endpoint and one of its events happens.',
            },
          }}
          noun={['delivery', 'deliveries']}
          table={(rows) => <DeliveryTable rows={rows} operator={operator} />}
          card={(delivery) => <DeliveryCard key={delivery.id} delivery={delivery} operator={operator} />}
          cardsTestId="delivery-cards"
          wideFrom="md"
        />
      </Stack>
    </>
  );
};
