import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.js';
import { at, createdAt, id } from './columns.js';

/** A reseller's receiving URL, the events it wants and the secret its deliveries are signed with. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: ownerId(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user').on(t.userId, t.createdAt)],
);

/** Something that happened to a customer, once (`once_key`), whatever sends it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    userId: ownerId(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    onceKey: text('once_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_once').on(t.onceKey), index('webhook_events_created').on(t.createdAt)],
);

/**
 * One event to one endpoint: `pending` until delivered (a 2xx answer) or, after retries with backoff for 24
 * hours, `failed`; each attempt's answer is kept for the deliveries list.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastAnswer: text('last_answer'),
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
  ],
);
