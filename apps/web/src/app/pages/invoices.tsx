import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { InvoiceView } from '../../features/invoices/invoice-view';
import { InvoicesTable } from '../../features/invoices/invoices-table';

export const InvoicesPage = () => (
  <>
    <PageHeader
      title="Invoices"
      description="Every order, paid or not. Pending ones can be paid within the hour."
    />
    <InvoicesTable />
  </>
);

export const InvoicePage = () => {
  const { invoiceId = '' } = useParams();
  return <InvoiceView id={invoiceId} />;
};
