import { contentEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

export const faqsQuery = () =>
  queryOptions({
    queryKey: ['faqs'],
    queryFn: payloadOf(contentEndpoints.faqs),
  });

export const useFaqs = () => useQuery(faqsQuery());
