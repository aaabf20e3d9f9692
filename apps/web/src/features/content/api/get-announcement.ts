import { contentEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The first announcement, when it is switched on. */
export const announcementQuery = () =>
  queryOptions({
    queryKey: ['announcement'],
    queryFn: async ({ signal }) => {
      const [first] = (await call(contentEndpoints.announcements, { signal })).payload;
      return first?.status ? first : null;
    },
  });

export const useAnnouncement = () => useQuery(announcementQuery());
