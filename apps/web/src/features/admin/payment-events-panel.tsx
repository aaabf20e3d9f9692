import { Anchor, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { z, adminPaymentEventSchema } from '@proxydesk/contract';
import { Link } from 'react-router';
import { CardTable } from './card-table';
import { EventPayload } from './event-payload';
import { when } from './format';
import { invoicePath, shortId } from './invoices-panel';
import { FilteredList, SelectFilters, type SelectFilter } from './filtered-list';
import { usePaymentEvents } from './money-api';
import { useSettledFilter, useUrlFilters } from './url-filters';

type PaymentEvent = z.infer<typeof adminPaymentEventSchema>;
const FILTERS = ['provider', 'type'] as const;
const PROVIDERS = ['sandbox', 'stripe', 'paddle', 'coingate', 'shop', 'manual'];
const SELECTS: SelectFilter<'provider'>[] = [
  { name: 'provider', label: 'Provider', data: PROVIDERS, w: { base: '100%', xs: 170 } },
];

const InvoiceLink = ({ id }: { id: string | null }) =>
  id ? (
    <Anchor component={Link} to={invoicePath(id)} ff="monospace" size="sm">
      {shortId(id)}
    </Anchor>
  ) : (
    <Text span size="sm" c="dimmed">
      none
    </Text>
  );

const EventTable = ({ events }: { events: PaymentEvent[] }) => (
  <CardTable minWidth={760} labels={['Received', 'Provider', 'Type', 'Event id', 'Invoice']} hover={false}>
    {events.map((event) => (
      <Table.Tr key={event.id}>
        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{when(event.received)}</Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>{event.provider}</Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Text size="sm" fw={500}>
            {event.type}
          </Text>
          <EventPayload payload={event.payload} />
        </Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {event.event_id}
          </Text>
        </Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <InvoiceLink id={event.invoice_id} />
        </Table.Td>
      </Table.Tr>
    ))}
  </CardTable>
);

const EventCard = ({ event }: { event: PaymentEvent }) => (
  <Card withBorder padding="sm">
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={2} miw={0}>
        <Text size="sm" fw={600}>
          {event.type}
        </Text>
        <Text size="xs" c="dimmed">
          {event.provider} · {when(event.received)}
        </Text>
      </Stack>
      <InvoiceLink id={event.invoice_id} />
    </Group>
    <Text size="xs" ff="monospace" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
      {event.event_id}
    </Text>
    <EventPayload payload={event.payload} />
  </Card>
);

/** Every event a payment provider (or the shop, or an operator) recorded, newest first. */
export const PaymentEventsPanel = () => {
  const filters = useUrlFilters(FILTERS);
  const { values, page, set, select } = filters;
  const query = usePaymentEvents(useSettledFilter(values, 'type'), page);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SelectFilters filters={SELECTS} select={select} />
        <TextInput
          label="Type"
          placeholder="payment.succeeded"
          value={values.type}
          onChange={(event) => set({ type: event.currentTarget.value })}
          style={{ flex: '1 1 200px' }}
          maw={{ xs: 320 }}
        />
      </Group>
      <FilteredList
        query={query}
        errorTitle="Could not load the events"
        filters={filters}
        empty={{
          filtered: {
            title: 'No event matches these filters',
            hint: 'Types are matched exactly, e.g. refund.succeeded.',
          },
          none: {
            title: 'No payment events yet',
            hint: 'Each payment, refund or dispute a provider reports is listed here.',
          },
        }}
        noun={['event', 'events']}
        table={(events) => <EventTable events={events} />}
        card={(event) => <EventCard key={event.id} event={event} />}
      />
    </Stack>
  );
};
