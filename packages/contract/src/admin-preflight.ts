import { ADMIN_TAG, adminRead } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { z } from './zod.js';

/** One item of the production checklist (issue #29 item 3): a setting, whether it is fine, and what to do. */
export const preflightItemSchema = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export type PreflightItemView = z.infer<typeof preflightItemSchema>;

/** The checklist a production start insists on, shown on the console's overview until all of it is fine. */
export const adminPreflightEndpoints = {
  preflight: adminRead(
    '/v1/admin/preflight',
    'The production checklist: what is set and what is missing before the shop takes customers',
    z.array(preflightItemSchema),
  ),
  testMail: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/test-mail',
    summary: "Sends a test mail to the caller's own address now, through SMTP_URL, and says how it went",
    tag: ADMIN_TAG,
    access: 'operator',
    response: z.object({ detail: z.string() }),
  }),
};
