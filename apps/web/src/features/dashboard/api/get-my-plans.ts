import { planEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

/** The customer's current plans with their usage and next step (issue #19 item 3). */
export const myPlansQuery = () =>
  queryOptions({
    queryKey: ['my-plans'],
    queryFn: payloadOf(planEndpoints.list),
  });

export const useMyPlans = () => useQuery(myPlansQuery());
