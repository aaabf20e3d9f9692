import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { z } from './zod.js';

/** A pool address as its line shows it: `IP:PORT`, an IPv6 address in brackets (`[2001:db8::1]:31300`). */
export const endpointLine = ({ address, port }: { address: string; port: number }): string =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

/** The share of a plan's addresses the console allows by default each month (issue #32 item 4, ADR 017). */
export const DEFAULT_REPLACEMENT_PERCENT = 10;

/** Addresses a plan of `addresses` may replace in a calendar month (UTC): `percent` of them, at least 1. */
export const replacementQuota = (addresses: number, percent: number): number =>
  Math.max(1, Math.floor((addresses * percent) / 100));

/** The first instant (UTC) of the calendar month of `at`: the quota's month. */
export const quotaMonthStart = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

export const replacementQuotaSchema = namedObject('ReplacementQuota', {
  /** Addresses replaced this calendar month (UTC). */
  used: z.int(),
  quota: z.int(),
  /** The console's share of a plan's addresses, in percent. */
  percent: z.int(),
  /** When the month's count starts again (the next month's first instant, UTC). */
  resets_at: z.string(),
});
export type ReplacementQuota = z.infer<typeof replacementQuotaSchema>;

const planParams = z.object({ id: z.string().check(z.maxLength(64)) });

/** The most addresses one request names (a plan's quota is smaller unless the console set it high). */
export const MOST_REPLACED_AT_ONCE = 1000;

export const replaceBodySchema = z.object({
  /** Lines of the plan as shown (`IP:PORT`, `[IPv6]:PORT`) or bare addresses. */
  addresses: z.array(z.string().check(z.trim(), z.minLength(1, 'Name an address'), z.maxLength(64))).check(
    z.minLength(1, 'Choose at least one address to replace'),
    z.maxLength(MOST_REPLACED_AT_ONCE, `At most ${MOST_REPLACED_AT_ONCE} addresses at once`),
    z.refine((list) => new Set(list).size === list.length, 'An address is named twice'),
  ),
});
export type ReplaceBody = z.input<typeof replaceBodySchema>;

export const replacedAddressSchema = z.object({ old: z.string(), new: z.string() });

export const replacementEndpoints = {
  addresses: defineEndpoint({
    method: 'GET',
    path: '/v1/user/plans/:id/addresses',
    summary:
      "A datacenter or IPv6 plan's addresses (IP:PORT lines) and its replacements used of this month's quota",
    tag: 'proxies',
    access: 'user',
    params: planParams,
    response: withPayload(
      z.object({ plan_id: z.string(), addresses: z.array(z.string()), replacements: replacementQuotaSchema }),
    ),
  }),
  replace: defineEndpoint({
    method: 'POST',
    path: '/v1/user/plans/:id/replace',
    summary:
      'Replace addresses of an active datacenter or IPv6 plan with free ones of its pool, within the monthly quota (address.replaced)',
    tag: 'proxies',
    access: 'user',
    params: planParams,
    body: replaceBodySchema,
    response: withPayload(
      z.object({
        plan_id: z.string(),
        replaced: z.array(replacedAddressSchema),
        addresses: z.array(z.string()),
        replacements: replacementQuotaSchema,
      }),
    ),
  }),
};
