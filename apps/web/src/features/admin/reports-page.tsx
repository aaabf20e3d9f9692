import { Tabs } from '@mantine/core';
import { IconCalendarStats, IconFileInvoice, IconReceiptTax } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { DocumentsReportPanel } from './documents-report';
import { RevenueReportPanel } from './revenue-report';
import { VatReportPanel } from './vat-report';

const TABS = ['revenue', 'documents', 'vat'] as const;

/** Reports an accountant asks for (issue #30 item 9): each tab's filters live in the URL, each exports as CSV. */
export const ReportsPage = () => {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((name) => name === asked) ?? 'revenue';
  return (
    <>
      <PageHeader
        title="Reports"
        description="Revenue, the documents of a period and VAT per country, as an accountant asks for them."
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'revenue' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="revenue" leftSection={<IconCalendarStats size={16} aria-hidden />}>
            Revenue
          </Tabs.Tab>
          <Tabs.Tab value="documents" leftSection={<IconFileInvoice size={16} aria-hidden />}>
            Invoices and credit notes
          </Tabs.Tab>
          <Tabs.Tab value="vat" leftSection={<IconReceiptTax size={16} aria-hidden />}>
            VAT by country
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="revenue">
          <RevenueReportPanel />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <DocumentsReportPanel />
        </Tabs.Panel>
        <Tabs.Panel value="vat">
          <VatReportPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
