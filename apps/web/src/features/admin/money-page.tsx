import { IconFileInvoice, IconTimeline } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { InvoicesPanel } from './invoices-panel';
import { PaymentEventsPanel } from './payment-events-panel';
import { UrlTabs } from './url-tabs';

/** Money (issue #17 §4): invoices and the payment providers' events, each filtered through the URL. */
export const MoneyPage = () => (
  <>
    <PageHeader title="Money" description="Invoices and what the payment providers told the shop." />
    <UrlTabs
      tabs={[
        { value: 'invoices', label: 'Invoices', icon: IconFileInvoice, panel: <InvoicesPanel /> },
        { value: 'events', label: 'Payment events', icon: IconTimeline, panel: <PaymentEventsPanel /> },
      ]}
    />
  </>
);
