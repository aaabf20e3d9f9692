import { invoiceEndpoints } from '@proxydesk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

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
    queryFn: async ({ signal }) =>
      (await call(invoiceEndpoints.read, { params: { invoice_id: id }, signal })).payload,
  });

export const useInvoice = (id: string) => useQuery(invoiceQuery(id));
