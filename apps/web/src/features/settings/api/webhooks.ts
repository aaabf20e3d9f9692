import { webhookEndpoints, type WebhookEventType } from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';

const ENDPOINTS = ['webhook-endpoints'] as const;
const DELIVERIES = ['webhook-deliveries'] as const;

export const useWebhookEndpoints = () =>
  useQuery(
    queryOptions({
      queryKey: ENDPOINTS,
      queryFn: payloadOf(webhookEndpoints.list),
    }),
  );

/** The latest deliveries, read again every 10 s while shown: retries happen on their own. */
export const useWebhookDeliveries = () =>
  useQuery(
    queryOptions({
      queryKey: DELIVERIES,
      queryFn: payloadOf(webhookEndpoints.deliveries, { query: {} }),
      refetchInterval: 10_000,
    }),
  );

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([ENDPOINTS, DELIVERIES].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

export const useAddWebhook = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }) =>
      call(webhookEndpoints.create, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateWebhook = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      call(webhookEndpoints.update, { params: { id }, body: { enabled } }),
    onSuccess: invalidate,
  });
};

export const useRemoveWebhook = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(webhookEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
};

export const useResendDelivery = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(webhookEndpoints.resend, { params: { id } }),
    onSuccess: invalidate,
  });
};
