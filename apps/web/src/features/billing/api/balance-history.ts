import { balanceEndpoints } from '@proxydesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The reseller's ledger, ten a page (SPEC.md leaves the history hidden; we show it). */
export const balanceHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: ['balance-history'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(balanceEndpoints.history, { query: { page: pageParam }, signal }),
    getNextPageParam: (last, _pages, pageParam) => (last.next ? pageParam + 1 : undefined),
  });

export const useBalanceHistory = () => useInfiniteQuery(balanceHistoryQuery());
