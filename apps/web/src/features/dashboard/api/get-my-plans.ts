import { planEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The customer's current plans with their usage and next step (issue #19 item 3). */
export const myPlansQuery = () =>
  queryOptions({
    queryKey: ['my-plans'],
    queryFn: async ({ signal }) => (await call(planEndpoints.list, { signal })).payload,
  });

export const useMyPlans = () => useQuery(myPlansQuery());
