import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { z } from './zod.js';

/** Hours (the last 7 days) or UTC days (the last 90). */
export const lineUsageGranularitySchema = z.enum(['hour', 'day']);
export type LineUsageGranularity = z.infer<typeof lineUsageGranularitySchema>;

/** How many days of target hosts are kept, and how many hosts a day. */
export const DOMAIN_STATS_DAYS = 30;
export const TOP_DOMAINS = 20;

/**
 * One set of credentials' bytes (both ways) per hour for 7 days or per UTC day for 90, oldest first, zeros
 * included (issue #31 item 4): a sub-user's over every plan it counted under, or the owner's own on one plan.
 */
export const lineUsageSchema = namedObject('LineUsage', {
  granularity: lineUsageGranularitySchema,
  /** ISO 8601: the start of each hour or UTC day. */
  buckets: z.array(z.object({ at: z.string(), bytes: z.int() })),
  total_bytes: z.int(),
});
export type LineUsage = z.infer<typeof lineUsageSchema>;

/** The top target hosts of one UTC day by bytes (host names only); `enabled` false: the shop keeps none. */
export const lineDomainsSchema = namedObject('LineDomains', {
  enabled: z.boolean(),
  date: z.string(),
  domains: z.array(z.object({ host: z.string(), bytes: z.int(), connections: z.int() })),
});
export type LineDomains = z.infer<typeof lineDomainsSchema>;

const idParams = z.object({ id: z.string().check(z.maxLength(64)) });
const granularity = z.object({ granularity: z._default(lineUsageGranularitySchema, 'day') });
/** A UTC day (YYYY-MM-DD); today when absent. */
const date = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')));
const planId = z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64));

/** Usage per set of credentials (issue #31 item 4): with a session or a reseller's API key. */
export const lineUsageEndpoints = {
  subuserUsage: defineEndpoint({
    method: 'GET',
    path: '/v1/subusers/:id/usage',
    summary: 'A sub-user’s bytes per hour (7 days) or per UTC day (90 days)',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    query: granularity,
    response: withPayload(lineUsageSchema),
  }),
  subuserDomains: defineEndpoint({
    method: 'GET',
    path: '/v1/subusers/:id/domains',
    summary: 'A sub-user’s top 20 target hosts of one UTC day (kept 30 days)',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    query: z.object({ date }),
    response: withPayload(lineDomainsSchema),
  }),
  ownUsage: defineEndpoint({
    method: 'GET',
    path: '/v1/user/own-usage',
    summary:
      'Your own lines’ bytes on a plan (its sub-users’ aside) per hour (7 days) or per UTC day (90 days)',
    tag: 'proxies',
    access: 'user',
    query: z.object({ plan_id: planId, granularity: granularity.shape.granularity }),
    response: withPayload(lineUsageSchema),
  }),
  ownDomains: defineEndpoint({
    method: 'GET',
    path: '/v1/user/own-domains',
    summary: 'Your own lines’ top 20 target hosts on a plan for one UTC day (kept 30 days)',
    tag: 'proxies',
    access: 'user',
    query: z.object({ plan_id: planId, date }),
    response: withPayload(lineDomainsSchema),
  }),
};
