import { adminCustomerActions, adminEndpoints } from '@proxydesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The console's reads (issue #17): each a contract endpoint under /v1/admin. */
/**
 * The console's probe as well as its overview: read by the gate and by the page under it, so an error it already
 * holds (403: sign in with the code) is not fetched again by each new reader, which would put the gate back to
 * loading and mount its page again, for ever.
 */
export const useOverview = () =>
  useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: async ({ signal }) => (await call(adminEndpoints.overview, { signal })).payload,
    retryOnMount: false,
  });

export type CustomerSort = 'joined' | '-joined' | 'username' | '-username';

export const useCustomers = (q: string, sort: CustomerSort, page: number) =>
  useQuery({
    queryKey: ['admin', 'customers', q, sort, page],
    queryFn: ({ signal }) =>
      call(adminEndpoints.customers, { query: { ...(q ? { q } : {}), sort, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: async ({ signal }) => (await call(adminEndpoints.customer, { params: { id }, signal })).payload,
  });

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

export const useAudit = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: ({ signal }) => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
      return call(adminEndpoints.audit, { query: { ...query, page }, signal });
    },
    placeholderData: keepPreviousData,
  });

export type ActionName = keyof typeof adminCustomerActions | 'adjustBalance';

/** One action on a customer; the customer's page and the audit list are read again after it. */
export const useCustomerAction = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      name,
      body,
    }: {
      name: ActionName;
      body: Record<string, unknown> & { reason: string };
    }) => {
      const endpoint = name === 'adjustBalance' ? adminEndpoints.adjustBalance : adminCustomerActions[name];
      return call(endpoint, { params: { id }, body: body as never });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};
