import { adminCatalogueEndpoints as endpoints, type Endpoint, type z } from '@proxydesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallOptions } from '../../../lib/api';
import { toastDone } from '../../../lib/toast';

/** The catalogue as the console edits it (issue #17 §5): one read of everything but the locations. */
export const useAdminCatalogue = () =>
  useQuery({
    queryKey: ['admin', 'catalogue'],
    queryFn: async ({ signal }) => (await call(endpoints.catalogue, { signal })).payload,
  });

/** Premium countries → cities → ISPs, each on or off: a read of its own (hundreds of rows). */
export const useAdminLocations = () =>
  useQuery({
    queryKey: ['admin', 'locations'],
    queryFn: async ({ signal }) => (await call(endpoints.locations, { signal })).payload,
  });

/** An endpoint's body schema (every edit has one), and what a form over it holds. */
export const bodyOf = <E extends Endpoint>(endpoint: E) => endpoint.body as NonNullable<E['body']>;
export type BodyInput<E extends Endpoint> = z.input<NonNullable<E['body']>>;

export type EditInput<E extends Endpoint> = Pick<CallOptions<E>, 'params'> & { body: BodyInput<E> };

/**
 * One catalogue edit: the server's detail in a toast, then every read again (the console's lists, the audit
 * trail, and the shop's own pages this tab may show); or `instead`, for an edit that reloads the page.
 */
export const useCatalogueEdit = <E extends Endpoint>(endpoint: E, instead?: () => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EditInput<E>) => call(endpoint, input as CallOptions<E>),
    onSuccess: async (answer) => {
      if (instead) return instead();
      toastDone((answer as { detail?: string }).detail ?? 'Saved');
      await client.invalidateQueries();
    },
  });
};

/** A list with one item moved up (-1) or down (+1); the same list when it cannot move. */
export const moved = <T>(list: readonly T[], index: number, by: -1 | 1): T[] => {
  const to = index + by;
  const next = [...list];
  if (to < 0 || to >= list.length) return next;
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
};
