import { ADMIN_TAG, adminCustomerId, adminReason } from './admin-shared.js';
import { usernameSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { z } from './zod.js';

/** A member of staff as the staff screen lists them (issue #28 item 2). */
export const adminStaffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['operator', 'support']),
  is_2fa: z.boolean(),
  /** ISO 8601: the newest session's start, or null when they never signed in. */
  last_sign_in: z.nullable(z.string()),
});
export type AdminStaffMember = z.infer<typeof adminStaffMemberSchema>;

export const staffRoleSchema = z.enum(['operator', 'support'], 'The role is operator or support');

export const addStaffBodySchema = z.object({
  username: usernameSchema,
  role: staffRoleSchema,
  reason: adminReason,
});
export type AddStaffBody = z.input<typeof addStaffBodySchema>;

/**
 * The staff screen's API (issue #28 item 2): operators only. Staff are customers' accounts given a console role;
 * removing one makes them a customer again and signs them out. Nobody acts on their own account here.
 */
export const adminStaffEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/staff',
    summary: 'Operators and support members: role, two-factor and last sign-in',
    tag: ADMIN_TAG,
    access: 'operator',
    response: withPayload(z.array(adminStaffMemberSchema)),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/staff',
    summary: "Make a customer's account (by username) an operator or a support member",
    tag: ADMIN_TAG,
    access: 'operator',
    body: addStaffBodySchema,
    response: detailOnly,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/staff/:id/remove',
    summary: 'Make a member of staff a customer again, signing them out everywhere',
    tag: ADMIN_TAG,
    access: 'operator',
    params: adminCustomerId,
    body: z.object({ reason: adminReason }),
    response: detailOnly,
  }),
};
