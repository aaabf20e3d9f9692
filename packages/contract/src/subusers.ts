import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { credentialFairUseSchema, fairUseCapsSchema } from './fair-use.js';
import { namedObject } from './named-object.js';
import { subuserProductSchema } from './subuser-products.js';
import { z } from './zod.js';

/** Over what a limit counts: for ever, this UTC month, or this UTC day (both reset at 00:00 UTC). */
export const subuserLimitPeriodSchema = z.enum(['lifetime', 'month', 'day']);
export type SubuserLimitPeriod = z.infer<typeof subuserLimitPeriodSchema>;

/** The most GB a sub-user's limit may name (a plan's data bounds it anyway). */
export const SUBUSER_MAX_LIMIT_GB = 100_000;
/** Allowed countries per sub-user at most (the catalogue has fewer). */
export const SUBUSER_MAX_COUNTRIES = 250;

export const subuserNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(60, 'At most 60 characters'));

/** A location code of a proxy line's `_country-…` (`us`, `prvtus`), checked against the catalogue too. */
const countryCodeSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9-]{2,40}$/, 'Not a country code'));

const idSchema = z.string().check(z.maxLength(64));
const idParams = z.object({ id: idSchema });

export const subuserSchema = namedObject('Subuser', {
  id: z.string(),
  product: subuserProductSchema,
  name: z.string(),
  /** The username of its lines (`s…-residential`): its own, never the owner's. */
  username: z.string(),
  status: z.enum(['active', 'paused']),
  limit: z.nullable(z.object({ gb: z.number(), period: subuserLimitPeriodSchema })),
  /** Bytes since it was made (both ways). */
  used_bytes: z.int(),
  /** Bytes its limit counts now: this period's for a month / day limit, else the lifetime's. */
  limit_used_bytes: z.int(),
  /** Country codes its lines may ask for; empty: any. */
  allowed_countries: z.array(z.string()),
  /** Fair use (issue #31 item 3): its caps and its current source addresses. */
  fair_use: credentialFairUseSchema,
  created_at: z.string(),
});
export type Subuser = z.infer<typeof subuserSchema>;

export const subuserListSchema = z.object({
  subusers: z.array(subuserSchema),
  /** The customer's sub-users over every product, and the most allowed. */
  total: z.int(),
  max: z.int(),
});
export type SubuserList = z.infer<typeof subuserListSchema>;

/** A sub-user with its password, which is shown only in the answer that made it. */
export const subuserWithPasswordSchema = z.object({ subuser: subuserSchema, password: z.string() });

export const createSubuserBodySchema = z.object({ product: subuserProductSchema, name: subuserNameSchema });
export type CreateSubuserBody = z.input<typeof createSubuserBodySchema>;

export const subuserLimitBodySchema = z.object({
  gb: z
    .number()
    .check(
      z.gte(0.01, 'The limit is at least 0.01 GB'),
      z.lte(SUBUSER_MAX_LIMIT_GB, `The limit is at most ${SUBUSER_MAX_LIMIT_GB} GB`),
    ),
  period: subuserLimitPeriodSchema,
});
export type SubuserLimitBody = z.input<typeof subuserLimitBodySchema>;

export const subuserCountriesBodySchema = z.object({
  countries: z
    .array(countryCodeSchema)
    .check(z.maxLength(SUBUSER_MAX_COUNTRIES, `At most ${SUBUSER_MAX_COUNTRIES} countries`)),
});
export type SubuserCountriesBody = z.input<typeof subuserCountriesBodySchema>;

const changed = withPayload(subuserSchema);

/** Sub-users of the per-GB plans (issue #31): with a session or a reseller's API key. */
export const subuserEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/subusers',
    summary: 'Your sub-users of one product (ISP, normal or premium residential), oldest first',
    tag: 'subusers',
    access: 'user',
    query: z.object({ product: subuserProductSchema }),
    response: withPayload(subuserListSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/subusers',
    summary: 'A new sub-user: the shop makes its proxy username and password (shown once)',
    tag: 'subusers',
    access: 'user',
    body: createSubuserBodySchema,
    response: withPayload(subuserWithPasswordSchema),
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/v1/subusers/:id/pause',
    summary: 'Pause a sub-user: the gateway refuses its lines until it is resumed',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    response: changed,
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/v1/subusers/:id/resume',
    summary: 'Resume a paused sub-user',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    response: changed,
  }),
  regeneratePassword: defineEndpoint({
    method: 'POST',
    path: '/v1/subusers/:id/password',
    summary: 'A new password for a sub-user (shown once): its old lines stop working',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    response: withPayload(subuserWithPasswordSchema),
  }),
  setLimit: defineEndpoint({
    method: 'PUT',
    path: '/v1/subusers/:id/limit',
    summary: 'Set a sub-user’s data limit: GB for its lifetime, per UTC month or per UTC day',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    body: subuserLimitBodySchema,
    response: changed,
  }),
  clearLimit: defineEndpoint({
    method: 'DELETE',
    path: '/v1/subusers/:id/limit',
    summary: 'Remove a sub-user’s data limit (the plan’s data still bounds it)',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    response: changed,
  }),
  setCountries: defineEndpoint({
    method: 'PUT',
    path: '/v1/subusers/:id/countries',
    summary: 'The countries a sub-user’s lines may ask for (an empty list: any)',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    body: subuserCountriesBodySchema,
    response: changed,
  }),
  setFairUse: defineEndpoint({
    method: 'PATCH',
    path: '/v1/subusers/:id',
    summary:
      'Cap a sub-user’s fair use: source addresses per window, open connections (within the shop’s maximums)',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    body: fairUseCapsSchema,
    response: changed,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/subusers/:id',
    summary: 'Delete a sub-user: its lines stop working at once',
    tag: 'subusers',
    access: 'user',
    params: idParams,
    response: detailOnly,
  }),
};
