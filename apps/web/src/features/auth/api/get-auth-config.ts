import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';

/** Which captcha the forms solve and which social sign-ins the shop offers. */
export const authConfigQuery = () =>
  queryOptions({
    queryKey: ['auth-config'],
    queryFn: async ({ signal }) =>
      (await loadCalls(() => import('../../../lib/first-checks'))).fetchAuthConfig(signal),
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(authConfigQuery());
