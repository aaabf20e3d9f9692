import { ADMIN_TAG as tag, adminList, adminRead, adminReason as reason } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { ipProductSchema } from './proxies.js';
import { z } from './zod.js';

/** The datacenter and IPv6 address pools in the console (issue #17 §6). */

export const adminPoolAddressSchema = z.object({
  id: z.string(),
  product: z.string(),
  address: z.string(),
  port: z.int(),
  retired: z.boolean(),
  /** The customer plan using it, or null when free (or retired). */
  assigned: z.nullable(
    z.object({ plan_id: z.string(), plan_name: z.string(), customer_id: z.string(), username: z.string() }),
  ),
});

export type AdminPoolAddress = z.infer<typeof adminPoolAddressSchema>;

export const adminPoolUtilisationSchema = z.array(
  z.object({ product: z.string(), total: z.int(), assigned: z.int(), free: z.int(), retired: z.int() }),
);

export const adminPoolEndpoints = {
  pool: adminList(
    'pool',
    'Pool addresses with the customer plan each is assigned to; ten a page',
    {
      product: z.optional(ipProductSchema),
      state: z.optional(z.enum(['free', 'assigned', 'retired'])),
      /** An address prefix. */
      q: z.optional(z.string().check(z.maxLength(64))),
    },
    adminPoolAddressSchema,
  ),
  utilisation: adminRead(
    '/v1/admin/pool/utilisation',
    'Per product: addresses in service, assigned, free and retired',
    adminPoolUtilisationSchema,
  ),
  importPool: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/pool/import',
    summary:
      'Add addresses to a product: ADDRESS:PORT, FIRST-LAST:PORT (IPv4 range), [IPv6]:PORT or [IPv6/LENGTH]:PORT lines; ones already there are kept',
    tag,
    access: 'operator',
    body: z.object({
      product: ipProductSchema,
      lines: z
        .array(z.string().check(z.maxLength(100)))
        .check(z.minLength(1, 'Give at least one line'), z.maxLength(1000)),
      reason,
    }),
    response: withPayload(z.object({ added: z.int(), existing: z.int() })),
  }),
  retire: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/pool/:id/retire',
    summary: 'Take an address out of service; its customer plan moves to a free address of the product',
    tag,
    access: 'operator',
    params: z.object({ id: z.string().check(z.maxLength(64)) }),
    body: z.object({ reason }),
    response: withPayload(
      z.object({
        moved_to: z.nullable(z.object({ address: z.string(), port: z.int() })),
        customer: z.nullable(z.string()),
      }),
    ),
  }),
};
