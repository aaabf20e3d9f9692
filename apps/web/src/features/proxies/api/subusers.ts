import { subuserEndpoints, type SubuserLimitBody, type SubuserProduct } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';
import { toastDone } from '../../../lib/toast';

/** A product's sub-users (issue #31), with the customer's total and the most allowed. */
export const subusersQuery = (product: SubuserProduct) =>
  queryOptions({
    queryKey: ['subusers', product],
    queryFn: payloadOf(subuserEndpoints.list, { query: { product } }),
  });
export const useSubusers = (product: SubuserProduct) => useQuery(subusersQuery(product));

/** A change to sub-users: the server's `detail` in a toast, then every list reloads. */
const useSubuserMutation = <T, R extends { detail?: string | undefined }>(
  mutationFn: (input: T) => Promise<R>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async ({ detail }) => {
      if (detail) toastDone(detail);
      await queryClient.invalidateQueries({ queryKey: ['subusers'] });
    },
  });
};

export const useCreateSubuser = () =>
  useSubuserMutation((body: { product: SubuserProduct; name: string }) =>
    call(subuserEndpoints.create, { body }),
  );
export const usePauseSubuser = () =>
  useSubuserMutation(({ id, paused }: { id: string; paused: boolean }) =>
    call(paused ? subuserEndpoints.pause : subuserEndpoints.resume, { params: { id } }),
  );
export const useRegenerateSubuserPassword = () =>
  useSubuserMutation((id: string) => call(subuserEndpoints.regeneratePassword, { params: { id } }));
export const useSetSubuserLimit = () =>
  useSubuserMutation(({ id, limit }: { id: string; limit: SubuserLimitBody | null }) =>
    limit
      ? call(subuserEndpoints.setLimit, { params: { id }, body: limit })
      : call(subuserEndpoints.clearLimit, { params: { id } }),
  );
export const useSetSubuserCountries = () =>
  useSubuserMutation(({ id, countries }: { id: string; countries: string[] }) =>
    call(subuserEndpoints.setCountries, { params: { id }, body: { countries } }),
  );
export const useDeleteSubuser = () =>
  useSubuserMutation((id: string) => call(subuserEndpoints.remove, { params: { id } }));
