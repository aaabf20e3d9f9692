import type { QueryClient } from '@tanstack/react-query';
import { dashboardStatsQuery } from './get-dashboard-stats';
import { myPlansQuery } from './get-my-plans';

/** What the dashboard draws first: its figures and the plan list above them (asked ahead on a menu hover too). */
export const prefetchDashboard = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(dashboardStatsQuery()), client.prefetchQuery(myPlansQuery())]);
