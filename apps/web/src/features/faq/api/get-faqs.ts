import { contentEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const faqsQuery = () =>
  queryOptions({
    queryKey: ['faqs'],
    queryFn: async ({ signal }) => (await call(contentEndpoints.faqs, { signal })).payload,
  });

export const useFaqs = () => useQuery(faqsQuery());
