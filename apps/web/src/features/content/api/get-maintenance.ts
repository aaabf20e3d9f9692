import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';

/** Is the shop in maintenance mode? `payload[0].status` (SPEC.md §7). */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: ['maintenance'],
    queryFn: async ({ signal }) =>
      (await loadCalls(() => import('../../../lib/first-checks'))).fetchMaintenance(signal),
  });

export const useMaintenance = () => useQuery(maintenanceQuery());
