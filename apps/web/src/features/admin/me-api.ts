import { adminEndpoints } from '@proxydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Who is at the console; only an operator acts, support reads (issue #17 §1). */
export const useConsoleMe = () =>
  useQuery({
    queryKey: ['admin', 'me'],
    queryFn: async ({ signal }) => (await call(adminEndpoints.me, { signal })).payload,
    staleTime: Infinity,
  });

/** True once the console knows its caller is an operator: the actions stay hidden until then. */
export const useIsOperator = () => useConsoleMe().data?.role === 'operator';
