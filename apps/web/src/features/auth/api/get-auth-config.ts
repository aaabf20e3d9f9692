import { authEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Which captcha the forms solve and which social sign-ins the shop offers. */
export const authConfigQuery = () =>
  queryOptions({
    queryKey: ['auth-config'],
    queryFn: async ({ signal }) => (await call(authEndpoints.config, { signal })).payload,
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(authConfigQuery());
