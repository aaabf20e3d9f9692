import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retries only what may succeed on a second try: network faults and 5xx, not 4xx answers. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
  },
});
