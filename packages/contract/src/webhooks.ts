import { defineEndpoint } from './endpoint.js';
import { adminList, adminReason, ADMIN_TAG } from './admin-shared.js';
import { detailOnly, withPayload } from './envelope.js';
import { orEmpty } from './form.js';
import { namedObject } from './named-object.js';
import { z } from './zod.js';

/** What a reseller can subscribe to (issue #32 item 3); docs/api.md describes each event's `data`. */
export const WEBHOOK_EVENTS = [
  'invoice.paid',
  'plan.expiring',
  'plan.expired',
  'usage.threshold',
  'subuser.limit_reached',
  'address.replaced',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** A customer has at most this many endpoints. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookEndpointSchema = namedObject('WebhookEndpoint', {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created: z.string(),
});

const deliveryShape = {
  id: z.string(),
  endpoint_id: z.string(),
  url: z.string(),
  event_id: z.string(),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  last_status: z.nullable(z.number()),
  last_answer: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  created: z.string(),
};

export const webhookDeliverySchema = namedObject('WebhookDelivery', deliveryShape);

/** The console's filters (issue #32 item 3), kept in the page's URL like the Money page's. */
export const adminDeliveryFilterSchema = z.object({
  /** A customer's id or exact username. */
  customer: z.optional(z.string().check(z.maxLength(64))),
  state: z.optional(orEmpty(z.enum(WEBHOOK_DELIVERY_STATES))),
  event: z.optional(orEmpty(z.enum(WEBHOOK_EVENTS))),
});
export type AdminDeliveryFilter = z.infer<typeof adminDeliveryFilterSchema>;

/** A delivery in the console: whose it is, by id and name. */
export const adminWebhookDeliverySchema = namedObject('AdminWebhookDelivery', {
  ...deliveryShape,
  customer_id: z.string(),
  customer: z.string(),
});
export type AdminWebhookDelivery = z.infer<typeof adminWebhookDeliverySchema>;

const endpointBody = z.object({
  url: z.string().check(z.minLength(1, 'Enter the URL'), z.maxLength(2000)),
  events: z.array(z.enum(WEBHOOK_EVENTS)).check(z.minLength(1, 'Choose at least one event')),
});
const idParams = z.object({ id: z.string().check(z.maxLength(64)) });

export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/webhook-endpoints',
    summary: 'Your webhook endpoints (resellers)',
    tag: 'webhooks',
    access: 'reseller',
    response: withPayload(z.array(webhookEndpointSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/webhook-endpoints',
    summary: 'Add a webhook endpoint: its signing secret is in this answer only',
    tag: 'webhooks',
    access: 'reseller',
    body: endpointBody,
    response: withPayload(z.object({ endpoint: webhookEndpointSchema, secret: z.string() })),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/webhook-endpoints/:id',
    summary: 'Change a webhook endpoint: its URL, events, or whether it is on',
    tag: 'webhooks',
    access: 'reseller',
    params: idParams,
    body: z.object({
      url: z.optional(endpointBody.shape.url),
      events: z.optional(endpointBody.shape.events),
      enabled: z.optional(z.boolean()),
    }),
    response: withPayload(webhookEndpointSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/webhook-endpoints/:id',
    summary: 'Remove a webhook endpoint and its deliveries',
    tag: 'webhooks',
    access: 'reseller',
    params: idParams,
    response: detailOnly,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/v1/webhook-deliveries',
    summary: 'Your latest webhook deliveries (100), with what each receiver answered',
    tag: 'webhooks',
    access: 'reseller',
    query: z.object({ endpoint_id: z.optional(z.string().check(z.maxLength(64))) }),
    response: withPayload(z.array(webhookDeliverySchema)),
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/v1/webhook-deliveries/:id/resend',
    summary: 'Send a delivery again now, whatever its state; answers it after the attempt',
    tag: 'webhooks',
    access: 'reseller',
    params: idParams,
    response: withPayload(webhookDeliverySchema),
  }),
  adminDeliveries: adminList(
    'webhook-deliveries',
    "Customers' webhook deliveries by customer, state and event, newest first; ten a page (staff)",
    adminDeliveryFilterSchema.shape,
    adminWebhookDeliverySchema,
  ),
  adminResend: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/webhook-deliveries/:id/resend',
    summary: "Send a customer's delivery again now, with a reason (audited); answers it after the attempt",
    tag: ADMIN_TAG,
    access: 'operator',
    params: idParams,
    body: z.object({ reason: adminReason }),
    response: withPayload(adminWebhookDeliverySchema),
  }),
};
