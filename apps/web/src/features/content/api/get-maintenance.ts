import { contentEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Is the shop in maintenance mode? `payload[0].status` (SPEC.md §7). */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: ['maintenance'],
    queryFn: async ({ signal }) =>
      (await call(contentEndpoints.maintenance, { signal })).payload[0]?.status ?? false,
  });

export const useMaintenance = () => useQuery(maintenanceQuery());
