import { userEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: ['dashboard-stats'],
    queryFn: async ({ signal }) => (await call(userEndpoints.dashboardStats, { signal })).payload,
  });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
