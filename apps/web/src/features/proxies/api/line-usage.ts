import { lineUsageEndpoints, type LineUsageGranularity } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

/** Whose usage a view shows: one sub-user's, or the owner's own lines on a plan (issue #31 item 4). */
export type UsageOwner = { subuserId: string } | { planId: string };

const keyOf = (whose: UsageOwner) => ('subuserId' in whose ? whose.subuserId : `own:${whose.planId}`);

export const lineUsageQuery = (whose: UsageOwner, granularity: LineUsageGranularity) =>
  queryOptions({
    queryKey: ['line-usage', keyOf(whose), granularity],
    queryFn:
      'subuserId' in whose
        ? payloadOf(lineUsageEndpoints.subuserUsage, {
            params: { id: whose.subuserId },
            query: { granularity },
          })
        : payloadOf(lineUsageEndpoints.ownUsage, { query: { plan_id: whose.planId, granularity } }),
  });
export const useLineUsage = (whose: UsageOwner, granularity: LineUsageGranularity) =>
  useQuery(lineUsageQuery(whose, granularity));

export const lineDomainsQuery = (whose: UsageOwner, date: string) =>
  queryOptions({
    queryKey: ['line-domains', keyOf(whose), date],
    queryFn:
      'subuserId' in whose
        ? payloadOf(lineUsageEndpoints.subuserDomains, { params: { id: whose.subuserId }, query: { date } })
        : payloadOf(lineUsageEndpoints.ownDomains, { query: { plan_id: whose.planId, date } }),
  });
export const useLineDomains = (whose: UsageOwner, date: string) => useQuery(lineDomainsQuery(whose, date));
