import { billingDetailsEndpoints, type BillingDetailsBody } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

/** The billing details invoices are issued to (issue #30 item 5), or null while there are none. */
export const billingDetailsQuery = () =>
  queryOptions({
    queryKey: ['billing-details'],
    queryFn: payloadOf(billingDetailsEndpoints.read),
  });

export const useBillingDetails = () => useQuery(billingDetailsQuery());

/** Saves the details; the checkout's copy (`['billing']`) is read again. */
export const useSaveBillingDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsBody) => call(billingDetailsEndpoints.save, { body }),
    onSuccess: async ({ payload }) => {
      queryClient.setQueryData(['billing-details'], payload);
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
};
