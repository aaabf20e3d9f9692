import { catalogueEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: async ({ signal }) => (await call(catalogueEndpoints.plans, { signal })).payload,
  });

export const usePlans = () => useQuery(plansQuery());
