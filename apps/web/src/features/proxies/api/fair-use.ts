import {
  fairUseEndpoints,
  subuserEndpoints,
  type FairUseCapsBody,
  type SubuserProduct,
} from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';
import { toastDone } from '../../../lib/toast';

/** The owner's own line of a product: the shop's maximum, its caps, its current sources (issue #31 item 3). */
export const ownerFairUseQuery = (product: SubuserProduct) =>
  queryOptions({
    queryKey: ['fair-use', product],
    queryFn: payloadOf(fairUseEndpoints.owner, { query: { product } }),
  });
export const useOwnerFairUse = (product: SubuserProduct) => useQuery(ownerFairUseQuery(product));

/** Whose caps: the owner's line of `product`, or a sub-user's. */
export type FairUseTarget = { product: SubuserProduct; subuserId?: string };

/** Saves the caps of the owner's line or of a sub-user; the toast says so, and both lists reload. */
export const useSetFairUse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      target,
      caps,
    }: {
      target: FairUseTarget;
      caps: FairUseCapsBody;
    }): Promise<{ detail?: string | undefined }> =>
      target.subuserId
        ? call(subuserEndpoints.setFairUse, { params: { id: target.subuserId }, body: caps })
        : call(fairUseEndpoints.setOwner, { body: { product: target.product, ...caps } }),
    onSuccess: async ({ detail }) => {
      if (detail) toastDone(detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['fair-use'] }),
        queryClient.invalidateQueries({ queryKey: ['subusers'] }),
      ]);
    },
  });
};
