import { adminPoolEndpoints, type IpProduct } from '@proxydesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The address pools in the console (issue #17 §6): utilisation, the address list, import and retire. */

export type PoolState = 'free' | 'assigned' | 'retired';

export interface PoolFilters {
  product?: IpProduct | undefined;
  state?: PoolState | undefined;
  q?: string | undefined;
}

export const usePoolUtilisation = () =>
  useQuery({
    queryKey: ['admin', 'pool', 'utilisation'],
    queryFn: async ({ signal }) => (await call(adminPoolEndpoints.utilisation, { signal })).payload,
  });

export const usePoolAddresses = (filters: PoolFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'pool', 'addresses', filters, page],
    queryFn: ({ signal }) => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
      return call(adminPoolEndpoints.pool, { query: { ...query, page }, signal });
    },
    placeholderData: keepPreviousData,
  });

/** After an import or a retire, the pools, the overview and customers' pages are read again. */
const useAdminMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
};

export const useImportPool = () =>
  useAdminMutation((body: { product: IpProduct; lines: string[]; reason: string }) =>
    call(adminPoolEndpoints.importPool, { body }),
  );

export const useRetireAddress = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    call(adminPoolEndpoints.retire, { params: { id }, body: { reason } }),
  );
