import { defineEndpoint } from './endpoint.js';
import { paged, pageQuery } from './envelope.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

/** What every console route shares (issue #17): its docs tag, its page query and the reason an action needs. */
export const ADMIN_TAG = 'Operator';

/**
 * Why the console stays shut to a member of staff (issue #28 item 1, ADR 004): it opens only to a session
 * signed in with the second factor (the mailed code after the password). Answered with 403; the console's
 * page shows them with a way to sign out and in again.
 */
export const ADMIN_MESSAGES = {
  turnOnTwoFactor:
    'Turn on two-factor authentication in Settings, then sign out and sign in again with the mailed code to open the console',
  signInWithCode:
    'This session was signed in without the mailed code: sign out and sign in again with it to open the console',
} as const;

/** A console list's `?page=`, as every paged list's. */
export const adminPageQuery = pageQuery;

export const adminReason = z
  .string('Give a reason')
  .check(z.trim(), z.minLength(3, 'Give a reason (3 characters or more)'), z.maxLength(500));

/** A catalogue row's numeric id in a path. */
export const numericId = z.object({
  id: z.pipe(z.coerce.number('No such id'), z.int('No such id').check(z.positive('No such id'))),
});

/** Euro, at most 2 decimals, not negative. */
export const adminEuro = z
  .number('Must be a number')
  .check(z.nonnegative('Must not be negative'), z.multipleOf(0.01, 'At most 2 decimals'), z.lte(1_000_000));

/** An ISO 8601 time, or null for none. */
export const adminTime = z.nullable(z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 time' }));

/** A UTC day, `YYYY-MM-DD`, that is on the calendar (not 2026-02-30 or 0000-00-00). */
export const adminDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD'),
  z.refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, 'No such day'),
);

/** A console read: GET `/v1/admin/...`, no parameters, read by staff, answered `{ payload }`. */
export const adminRead = readOf(ADMIN_TAG, 'staff');

/**
 * A console list: GET `/v1/admin/<path>`, read by staff, narrowed by its filters and paged ten at a time
 * (`?page=`, last in the query), answered `{ count, next, results }`.
 */
export const adminList = <F extends Record<string, z.ZodMiniType>, T extends z.ZodMiniType>(
  path: string,
  summary: string,
  filters: F,
  item: T,
) =>
  defineEndpoint({
    method: 'GET',
    path: `/v1/admin/${path}`,
    summary,
    tag: ADMIN_TAG,
    access: 'staff',
    query: z.object({ ...filters, page: adminPageQuery }),
    response: paged(item),
  });

/** A customer's id in the path (as `/v1/admin/customers/:id`). */
export const adminCustomerId = z.object({ id: z.string().check(z.maxLength(64)) });

/** A console action on one customer: POST `/v1/admin/customers/:id/<path>`, its body and its answer. */
export const customerPost = <B extends z.ZodMiniType, R extends z.ZodMiniType>(
  path: string,
  summary: string,
  access: 'staff' | 'operator',
  body: B,
  response: R,
) =>
  defineEndpoint({
    method: 'POST',
    path: `/v1/admin/customers/:id/${path}`,
    summary,
    tag: ADMIN_TAG,
    access,
    params: adminCustomerId,
    body,
    response,
  });
