import { IconCalendarStats, IconFileInvoice, IconReceiptTax } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { DocumentsReportPanel } from './documents-report';
import { RevenueReportPanel } from './revenue-report';
import { UrlTabs } from './url-tabs';
import { VatReportPanel } from './vat-report';

/** Reports an accountant asks for (issue #30 item 9): each tab's filters live in the URL, each exports as CSV. */
export const ReportsPage = () => (
  <>
    <PageHeader
      title="Reports"
      description="Revenue, the documents of a period and VAT per country, as an accountant asks for them."
    />
    <UrlTabs
      tabs={[
        { value: 'revenue', label: 'Revenue', icon: IconCalendarStats, panel: <RevenueReportPanel /> },
        {
          value: 'documents',
          label: 'Invoices and credit notes',
          icon: IconFileInvoice,
          panel: <DocumentsReportPanel />,
        },
        { value: 'vat', label: 'VAT by country', icon: IconReceiptTax, panel: <VatReportPanel /> },
      ]}
    />
  </>
);
