import { webhookEndpoints, type AdminDeliveryFilter } from '@proxydesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { only } from './url-filters';

/** Customers' webhook deliveries in the console (issue #32 item 3), by the page's URL filters. */
export const useAdminDeliveries = (filter: AdminDeliveryFilter, page: number) =>
  useQuery({
    queryKey: ['admin', 'webhook-deliveries', filter, page],
    queryFn: ({ signal }) =>
      call(webhookEndpoints.adminDeliveries, { query: { ...only(filter), page }, signal }),
    placeholderData: keepPreviousData,
  });

/** An operator's re-send, with a reason: the list is read again with the receiver's new answer. */
export const useResendDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      call(webhookEndpoints.adminResend, { params: { id: input.id }, body: { reason: input.reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'webhook-deliveries'] }),
  });
};
