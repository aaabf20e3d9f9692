import { contentEndpoints, isSafeLink } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

export const socialMediaQuery = () =>
  queryOptions({
    queryKey: ['social-media'],
    queryFn: payloadOf(contentEndpoints.socialMedia),
  });

/**
 * The Discord link of the menu, when the shop has one that is an https:// or mailto: address; `enabled` false
 * asks nothing (a page that needs it only sometimes).
 */
export const useDiscordUrl = (enabled = true): string | undefined =>
  useQuery({
    ...socialMediaQuery(),
    enabled,
    select: (links) => {
      const url = links.find((l) => l.name.toLowerCase() === 'discord')?.url;
      return url !== undefined && isSafeLink(url) ? url : undefined;
    },
  }).data;
