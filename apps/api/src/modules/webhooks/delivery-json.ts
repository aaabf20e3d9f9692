import type { AdminDeliveryRow, deliveriesOf } from '@proxydesk/db';

type DeliveryRow = Awaited<ReturnType<typeof deliveriesOf>>[number];

/** A delivery as the API answers it (`WebhookDelivery`): the customer's list and the console's. */
export const deliveryJson = (row: DeliveryRow) => ({
  id: row.id,
  endpoint_id: row.endpointId,
  url: row.url,
  event_id: row.eventId,
  event: row.type,
  state: row.state,
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_answer: row.lastAnswer,
  last_error: row.lastError,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  created: row.createdAt.toISOString(),
});

/** The console's delivery: whose it is too (`AdminWebhookDelivery`). */
export const adminDeliveryJson = (row: AdminDeliveryRow) => ({
  ...deliveryJson(row),
  customer_id: row.userId,
  customer: row.username,
});
