import { adminMoneyEndpoints, type AdminInvoiceFilter } from '@proxydesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { downloadCsv } from './csv-download';
import { only } from './url-filters';

/** Money in the console (issue #17 §4): invoices, provider events, refunds and manual payments. */

export const useAdminInvoices = (filter: AdminInvoiceFilter, page: number) =>
  useQuery({
    queryKey: ['admin', 'invoices', filter, page],
    queryFn: ({ signal }) => call(adminMoneyEndpoints.invoices, { query: { ...only(filter), page }, signal }),
    placeholderData: keepPreviousData,
  });

export interface PaymentEventFilter {
  provider?: string;
  type?: string;
}

export const usePaymentEvents = (filter: PaymentEventFilter, page: number) =>
  useQuery({
    queryKey: ['admin', 'payment-events', filter, page],
    queryFn: ({ signal }) =>
      call(adminMoneyEndpoints.paymentEvents, { query: { ...only(filter), page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminInvoice = (id: string) =>
  useQuery({
    queryKey: ['admin', 'invoice', id],
    queryFn: async ({ signal }) =>
      (await call(adminMoneyEndpoints.invoice, { params: { id }, signal })).payload,
  });

export type InvoiceAction =
  | { name: 'refund'; body: { reason: string; amount: number | null } }
  | {
      name: 'markPaid';
      body: { reason: string; method?: 'bank_transfer' | 'cash' | 'other'; reference?: string | null };
    };

/** Refund or mark paid; the invoice, the lists and the customer's page are read again after it. */
export const useInvoiceAction = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: InvoiceAction) =>
      action.name === 'refund'
        ? call(adminMoneyEndpoints.refund, { params: { id }, body: action.body })
        : call(adminMoneyEndpoints.markPaid, { params: { id }, body: action.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};

/** The filtered list as CSV, every page, saved by the browser under the server's file name. */
export const downloadInvoicesCsv = (filter: AdminInvoiceFilter) =>
  downloadCsv(adminMoneyEndpoints.invoicesCsv.path, filter, 'invoices.csv');
