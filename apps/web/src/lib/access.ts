import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCalls } from './api';
import { readToken } from './token';

/** Who is signed in; only asked when there is a token (SPEC.md §6: token + successful access check). */
export const accessQuery = () =>
  queryOptions({
    queryKey: ['access'],
    queryFn: async ({ signal }) => (await loadCalls(() => import('./first-checks'))).fetchAccess(signal),
    enabled: readToken() !== null,
    staleTime: 60_000,
  });

export const useAccess = () => useQuery(accessQuery());
