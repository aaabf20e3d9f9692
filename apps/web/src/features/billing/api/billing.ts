import { billingEndpoints, catalogueEndpoints, type BillingBody } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, payloadOf } from '../../../lib/api';

/** The billing details, or null while there are none (the API answers 404: SPEC.md §7 "success means billing exists"). */
export const billingQuery = () =>
  queryOptions({
    queryKey: ['billing'],
    queryFn: async ({ signal }) => {
      try {
        return (await call(billingEndpoints.read, { signal })).payload;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useBilling = () => useQuery(billingQuery());

export const useSaveBilling = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingBody) => call(billingEndpoints.create, { body }),
    onSuccess: ({ payload }) => queryClient.setQueryData(['billing'], payload),
  });
};

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: payloadOf(catalogueEndpoints.paymentMethods),
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQuery());
