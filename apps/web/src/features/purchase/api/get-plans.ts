import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';

export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: async ({ signal }) => (await loadCalls(() => import('./catalogue-calls'))).readPlans(signal),
  });

export const usePlans = () => useQuery(plansQuery());
