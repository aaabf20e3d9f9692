import { userEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: ['dashboard-stats'],
    queryFn: payloadOf(userEndpoints.dashboardStats),
  });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
