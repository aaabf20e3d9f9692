import { ADMIN_TAG, adminRead, adminReason } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { namedObject } from './named-object.js';
import { PRODUCT_NAMES } from './products.js';
import { withPayload } from './envelope.js';
import { SUBUSER_PRODUCTS, subuserProductSchema, type SubuserProduct } from './subuser-products.js';
import { z } from './zod.js';

/**
 * Fair use against sharing (issue #31 item 3, ADR 018): per set of credentials (the owner's line of a product,
 * each sub-user's), at most N distinct source addresses in a sliding window and at most M open connections.
 * The shop sets maximums per plan type (0: off); the customer sets caps within them (null: the shop's maximum).
 */
export const FAIR_USE_PRODUCTS = SUBUSER_PRODUCTS;

/** The most any cap may name, whether the shop's maximum is off or not. */
export const FAIR_USE_BOUNDS = { sources: 1_000, connections: 10_000, windowMinutes: 1_440 } as const;

export interface FairUseMaximum {
  maxSources: number;
  windowMinutes: number;
  maxConnections: number;
}

/**
 * The cap that holds for one rule: the customer's own within the shop's maximum (a maximum lowered after the
 * customer set a higher cap wins), else the maximum; 0 is off.
 */
export const effectiveCap = (own: number | null | undefined, maximum: number): number =>
  own == null ? maximum : maximum > 0 ? Math.min(own, maximum) : own;

/** Why a customer's cap is refused (400), naming the maximum; undefined when it is allowed. */
export const capRefusal = (
  rule: 'sources' | 'connections',
  own: number | null | undefined,
  maximum: FairUseMaximum,
  product: SubuserProduct,
): string | undefined => {
  const most = rule === 'sources' ? maximum.maxSources : maximum.maxConnections;
  if (own == null || most === 0 || own <= most) return undefined;
  const plans = `${PRODUCT_NAMES[product]} plans`;
  return rule === 'sources'
    ? `At most ${most} source addresses per ${maximum.windowMinutes} minutes on ${plans} (the shop's maximum)`
    : `At most ${most} open connections on ${plans} (the shop's maximum)`;
};

const cap = (most: number, what: string) =>
  z.nullable(
    z
      .int(`${what} must be a whole number`)
      .check(
        z.gte(1, `${what} is at least 1 (null: the shop's maximum)`),
        z.lte(most, `${what} is at most ${most}`),
      ),
  );

/** A customer's caps: a field left out stays, null goes back to the shop's maximum. */
export const fairUseCapsSchema = z.object({
  max_sources: z.optional(cap(FAIR_USE_BOUNDS.sources, 'Source addresses')),
  max_connections: z.optional(cap(FAIR_USE_BOUNDS.connections, 'Open connections')),
});
export type FairUseCapsBody = z.input<typeof fairUseCapsSchema>;

export const fairUseSourceSchema = z.object({ address: z.string(), last_seen: z.string() });
export type FairUseSource = z.infer<typeof fairUseSourceSchema>;

/** One set of credentials' fair use: its own caps (null: the shop's), the caps that hold, its current sources. */
export const credentialFairUseSchema = namedObject('CredentialFairUse', {
  max_sources: z.nullable(z.int()),
  max_connections: z.nullable(z.int()),
  effective: z.object({ max_sources: z.int(), max_connections: z.int() }),
  /** Source addresses the gateways saw within the window, newest first. */
  sources: z.array(fairUseSourceSchema),
});
export type CredentialFairUse = z.infer<typeof credentialFairUseSchema>;

export const fairUseMaximumSchema = namedObject('FairUseMaximum', {
  product: subuserProductSchema,
  max_sources: z.int(),
  window_minutes: z.int(),
  max_connections: z.int(),
});
export type FairUseMaximumView = z.infer<typeof fairUseMaximumSchema>;

export const ownerFairUseSchema = z.object({
  maximum: fairUseMaximumSchema,
  owner: credentialFairUseSchema,
});
export type OwnerFairUse = z.infer<typeof ownerFairUseSchema>;

const maximumField = (most: number, what: string) =>
  z
    .int(`${what} must be a whole number`)
    .check(z.gte(0, `${what} is 0 (off) or more`), z.lte(most, `${what} is at most ${most}`));

export const fairUseMaximumBodySchema = z.object({
  max_sources: maximumField(FAIR_USE_BOUNDS.sources, 'Source addresses'),
  window_minutes: z
    .int('The window must be a whole number of minutes')
    .check(
      z.gte(1, 'The window is at least 1 minute'),
      z.lte(FAIR_USE_BOUNDS.windowMinutes, 'The window is at most 1440 minutes'),
    ),
  max_connections: maximumField(FAIR_USE_BOUNDS.connections, 'Open connections'),
  reason: adminReason,
});
export type FairUseMaximumBody = z.input<typeof fairUseMaximumBodySchema>;

/** The owner's line of a product (a sub-user's caps are `PATCH /v1/subusers/{id}`). */
export const fairUseEndpoints = {
  owner: defineEndpoint({
    method: 'GET',
    path: '/v1/fair-use',
    summary: 'Fair use of your own line of a product: the shop’s maximum, your caps, your current sources',
    tag: 'subusers',
    access: 'user',
    query: z.object({ product: subuserProductSchema }),
    response: withPayload(ownerFairUseSchema),
  }),
  setOwner: defineEndpoint({
    method: 'PATCH',
    path: '/v1/fair-use',
    summary: 'Cap your own line of a product: source addresses per window, open connections',
    tag: 'subusers',
    access: 'user',
    body: z.object({ product: subuserProductSchema, ...fairUseCapsSchema.shape }),
    response: withPayload(ownerFairUseSchema),
  }),
  maximums: adminRead(
    '/v1/admin/fair-use',
    'The shop’s fair-use maximums per plan type',
    z.object({ maximums: z.array(fairUseMaximumSchema) }),
  ),
  setMaximum: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/fair-use/:product',
    summary: 'Set a plan type’s fair-use maximums (0: off); customers’ caps above them are clamped',
    tag: ADMIN_TAG,
    access: 'operator',
    params: z.object({ product: subuserProductSchema }),
    body: fairUseMaximumBodySchema,
    response: withPayload(fairUseMaximumSchema),
  }),
};
