import { adminFailureEndpoints } from '@proxydesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The read-only lists behind the overview's failure and traffic figures (issue #17 §2), and a customer's mails (§3). */

export type MailState = 'pending' | 'sending' | 'sent' | 'failed';

export const useMails = (filter: { state?: MailState; customer?: string }, page: number) =>
  useQuery({
    queryKey: ['admin', 'mails', filter, page],
    queryFn: ({ signal }) => call(adminFailureEndpoints.mails, { query: { ...filter, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useFailedJobs = (page: number) =>
  useQuery({
    queryKey: ['admin', 'jobs', 'failed', page],
    queryFn: ({ signal }) => call(adminFailureEndpoints.failedJobs, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useWebhookRefusals = (page: number) =>
  useQuery({
    queryKey: ['admin', 'webhooks', 'refused', page],
    queryFn: ({ signal }) => call(adminFailureEndpoints.webhookRefusals, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useTraffic = (product: string | undefined, page: number) =>
  useQuery({
    queryKey: ['admin', 'traffic', product, page],
    queryFn: ({ signal }) =>
      call(adminFailureEndpoints.traffic, { query: { ...(product ? { product } : {}), page }, signal }),
    placeholderData: keepPreviousData,
  });
