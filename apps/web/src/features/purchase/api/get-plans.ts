import { CATALOGUE_PATHS, type Plan } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readPublicList } from '../../../lib/api';

/** The catalogue's plans (GET /v1/plan/read, public): read without zod, the public /pricing's first load (ADR 003). */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => readPublicList<Plan>(CATALOGUE_PATHS.plans, signal),
  });

export const usePlans = () => useQuery(plansQuery());
