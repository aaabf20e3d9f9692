import { Tabs } from '@mantine/core';
import { IconFileInvoice, IconTimeline } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { InvoicesPanel } from './invoices-panel';
import { PaymentEventsPanel } from './payment-events-panel';

/** Money (issue #17 §4): invoices and the payment providers' events, each filtered through the URL. */
export const MoneyPage = () => {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'events' ? 'events' : 'invoices';
  return (
    <>
      <PageHeader title="Money" description="Invoices and what the payment providers told the shop." />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'events' ? { tab: 'events' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} aria-hidden />}>
            Invoices
          </Tabs.Tab>
          <Tabs.Tab value="events" leftSection={<IconTimeline size={16} aria-hidden />}>
            Payment events
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          <InvoicesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="events">
          <PaymentEventsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
