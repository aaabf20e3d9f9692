import { replacementEndpoints } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

/** A datacenter or IPv6 plan's lines and its replacements used of this month's quota (issue #32 item 4). */
export const planAddressesQuery = (planId: string) =>
  queryOptions({
    queryKey: ['plan-addresses', planId],
    queryFn: payloadOf(replacementEndpoints.addresses, { params: { id: planId } }),
  });
export const usePlanAddresses = (planId: string) => useQuery(planAddressesQuery(planId));

/** Replaces addresses of a plan; the page's lists reload (the card itself shows what was done: no toast over it). */
export const useReplaceAddresses = (planId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addresses: string[]) =>
      call(replacementEndpoints.replace, { params: { id: planId }, body: { addresses } }),
    onSuccess: async ({ payload }) => {
      queryClient.setQueryData(planAddressesQuery(planId).queryKey, {
        plan_id: payload.plan_id,
        addresses: payload.addresses,
        replacements: payload.replacements,
      });
      await Promise.all(
        ['pool', 'plan-addresses', 'product-dashboard'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
};
