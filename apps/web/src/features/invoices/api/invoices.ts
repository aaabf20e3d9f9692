import { invoiceEndpoints, invoiceStatus, type Invoice } from '@proxydesk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

/** Ten a page, following `next` (SPEC.md §7 GET /v1/invoice/read). */
export const invoicesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['invoices'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(invoiceEndpoints.list, { query: { page: pageParam }, signal }),
    getNextPageParam: (last, _pages, pageParam) => (last.next ? pageParam + 1 : undefined),
  });

export const useInvoices = () => useInfiniteQuery(invoicesQuery());

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['invoice', id],
    queryFn: payloadOf(invoiceEndpoints.read, { params: { invoice_id: id } }),
  });

/** Paid, Pending (the first hour), Expired (SPEC.md §4) or Refunded. */
export const statusOf = (invoice: Invoice) =>
  invoiceStatus(
    {
      paid: invoice.status,
      refunded: invoice.refunded,
      expired: invoice.expired,
      due: invoice.due_at ? new Date(invoice.due_at) : null,
    },
    new Date(invoice.created),
  );

/** How often an invoice waiting for its payment is read again while it is shown. */
const OPEN_INVOICE_POLL_MS = 4000;

/**
 * An invoice; while it waits for its payment, read again every few seconds: a provider's notice of the payment
 * can come a moment after the customer is back from paying, and the page then turns Paid by itself.
 */
export const useInvoice = (id: string) =>
  useQuery({
    ...invoiceQuery(id),
    refetchInterval: (query) =>
      query.state.data && statusOf(query.state.data.invoice) === 'Pending' ? OPEN_INVOICE_POLL_MS : false,
  });
