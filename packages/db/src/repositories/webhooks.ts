import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';

import type { Db } from '../client.js';
import type { WebhookEventType } from '@proxydesk/contract';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../schema/index.js';
import { customerIs } from './customer-filter.js';
import { BYTES_PER_GB } from './usage.js';

/** Told when deliveries are queued (at commit), so that senders send at once rather than at the next sweep. */
export const WEBHOOK_CHANNEL = 'proxydesk_webhooks';

const announce = async (db: Db, queued: number) => {
  if (queued > 0) await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return queued;
};

/**
 * Webhooks (issue #32 item 3, ADR 017): a reseller's endpoints, the events that happened to them, and one
 * delivery per event and endpoint, retried with backoff for 24 hours by the job runner.
 */
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const endpointsOf = (db: Db, userId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));

export const endpointOf = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
  )[0];

export const insertEndpoint = async (
  db: Db,
  values: { userId: string; url: string; events: string[]; secret: string },
) => (await db.insert(webhookEndpoints).values(values).returning())[0]!;

export const updateEndpoint = async (
  db: Db,
  userId: string,
  id: string,
  change: { url?: string; events?: string[]; enabled?: boolean },
) =>
  (
    await db
      .update(webhookEndpoints)
      .set(change)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
      .returning()
  )[0];

export const deleteEndpoint = async (db: Db, userId: string, id: string): Promise<boolean> =>
  (
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id })
  ).length > 0;

/**
 * Inside the caller's transaction (the payment, the replacement…): the event, once per `onceKey`, and a delivery
 * to each of the customer's enabled endpoints that wants it. Nothing is kept for a customer with none.
 */
export const queueWebhookEvent = async (
  tx: Db,
  event: { userId: string; type: WebhookEventType; data: Record<string, unknown>; onceKey: string },
): Promise<number> => {
  const result = await tx.execute(sql`
    with subscribers as (
      select id from webhook_endpoints
      where user_id = ${event.userId} and enabled and ${event.type} = any(events)
    ), ev as (
      insert into webhook_events (user_id, type, data, once_key)
      select ${event.userId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${event.onceKey}
      where exists (select 1 from subscribers)
      on conflict (once_key) do nothing
      returning id
    )
    insert into webhook_deliveries (event_id, endpoint_id)
    select ev.id, subscribers.id from ev, subscribers
    returning id`);
  return announce(tx, countOf(result));
};

const countOf = (result: unknown): number =>
  Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);

/** Events made from a statement's rows (`user_id`, `type`, `data`, `once_key`), with their deliveries. */
const queueFromRows = async (db: Db, rows: ReturnType<typeof sql>): Promise<number> =>
  announce(
    db,
    countOf(
      await db.execute(sql`
      with ev as (
        insert into webhook_events (user_id, type, data, once_key)
        select user_id, type, data, once_key from (${rows}) r
        on conflict (once_key) do nothing
        returning id, user_id, type
      )
      insert into webhook_deliveries (event_id, endpoint_id)
      select ev.id, e.id from ev
        join webhook_endpoints e on e.user_id = ev.user_id and e.enabled and ev.type = any(e.events)
      returning id`),
    ),
  );

/** Plans of customers with an endpoint that wants `type`. */
const subscribed = (type: WebhookEventType) =>
  sql`exists (select 1 from webhook_endpoints e where e.user_id = cp.user_id and e.enabled and ${type} = any(e.events))`;

const planData = sql`'plan_id', cp.id, 'plan_name', cp.plan_name, 'product', cp.product_type, 'expires_at', cp.expires_at`;

/**
 * What the every-minute job finds (issue #32 item 3): `plan.expiring` 3 days and 24 hours before a plan ends,
 * `plan.expired` within a day of its end, `usage.threshold` at 80 % and 100 % of a per-GB plan's data; each once
 * per plan, period and threshold, and only for customers who subscribed. Answers the deliveries queued.
 */
export const queueScheduledWebhookEvents = async (db: Db, now = new Date()): Promise<number> => {
  const at = sql`${now.toISOString()}::timestamptz`;
  let queued = 0;
  for (const [hours, after] of [
    [72, 24],
    [24, 0],
  ] as const) {
    queued += await queueFromRows(
      db,
      sql`select cp.user_id, 'plan.expiring' as type,
            jsonb_build_object(${planData}, 'hours', ${hours}::int) as data,
            'plan.expiring:' || ${hours} || ':' || cp.id || ':' || extract(epoch from cp.expires_at)::bigint as once_key
          from customer_plans cp
          where cp.status = 'active'
            and cp.expires_at > ${at} + make_interval(hours => ${after})
            and cp.expires_at <= ${at} + make_interval(hours => ${hours})
            and ${subscribed('plan.expiring')}`,
    );
  }
  queued += await queueFromRows(
    db,
    sql`select cp.user_id, 'plan.expired' as type, jsonb_build_object(${planData}) as data,
          'plan.expired:' || cp.id || ':' || extract(epoch from cp.expires_at)::bigint as once_key
        from customer_plans cp
        where cp.status = 'expired' and cp.expires_at > ${at} - interval '1 day' and cp.expires_at <= ${at}
          and ${subscribed('plan.expired')}`,
  );
  for (const percent of [80, 100] as const) {
    queued += await queueFromRows(
      db,
      sql`select cp.user_id, 'usage.threshold' as type,
            jsonb_build_object(${planData}, 'percent', ${percent}::int, 'used_bytes', pu.used_bytes,
              'data_bytes', cp.data_gb * ${BYTES_PER_GB}) as data,
            'usage.threshold:' || ${percent} || ':' || cp.id || ':' || cp.data_gb as once_key
          from customer_plans cp join plan_usage pu on pu.customer_plan_id = cp.id
          where cp.status = 'active' and cp.data_gb > 0
            and pu.used_bytes >= cp.data_gb * ${BYTES_PER_GB} * ${percent / 100}
            and ${subscribed('usage.threshold')}`,
    );
  }
  return queued;
};

/** A delivery as the sender needs it: where, the secret, what. */
export interface DueDelivery {
  id: string;
  attempts: number;
  url: string;
  secret: string;
  event: { id: string; type: string; data: unknown; createdAt: Date };
  firstQueuedAt: Date;
}

/** How long a claimed delivery is held before another sender may take it (a sender that died mid-way). */
const LEASE_MS = 2 * 60_000;

/**
 * Claims up to `limit` deliveries that are due, for one sender (others skip them): their next attempt is moved
 * past the lease, so a sender that dies leaves them to be tried again later, never twice at once.
 */
export const claimDueDeliveries = async (db: Db, now = new Date(), limit = 20): Promise<DueDelivery[]> => {
  const ids = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const taken = due.map((row) => row.id);
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(webhookDeliveries.id, taken));
    return taken;
  });
  return deliveriesByIds(db, ids);
};

export const deliveriesByIds = async (db: Db, ids: string[]): Promise<DueDelivery[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids));
  return rows.map(({ delivery, endpoint, event }) => ({
    id: delivery.id,
    attempts: delivery.attempts,
    url: endpoint.url,
    secret: endpoint.secret,
    event: { id: event.id, type: event.type, data: event.data, createdAt: event.createdAt },
    firstQueuedAt: delivery.createdAt,
  }));
};

/** One attempt's outcome: delivered, retried at `retryAt`, or failed for good (`retryAt` null). */
export const recordDeliveryAttempt = async (
  db: Db,
  id: string,
  outcome: {
    delivered: boolean;
    status: number | null;
    answer: string | null;
    error: string | null;
    retryAt: Date | null;
  },
  now = new Date(),
): Promise<void> => {
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastAnswer: outcome.answer,
      lastError: outcome.error,
      lastAttemptAt: now,
      state: outcome.delivered ? 'delivered' : outcome.retryAt ? 'pending' : 'failed',
      ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
};

/** A delivery as the lists show it: its endpoint's URL and owner, its event. */
const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  userId: webhookEndpoints.userId,
  eventId: webhookEvents.id,
  type: webhookEvents.type,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastAnswer: webhookDeliveries.lastAnswer,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

/** A customer's deliveries, newest first, with their event; `endpointId` narrows to one endpoint. */
export const deliveriesOf = (
  db: Db,
  filter: { id?: string; userId?: string | undefined; endpointId?: string; limit?: number },
) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        filter.id ? eq(webhookDeliveries.id, filter.id) : undefined,
        filter.userId ? eq(webhookEndpoints.userId, filter.userId) : undefined,
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(filter.limit ?? 100);

export interface DeliveryFilter {
  id?: string;
  /** A customer's id or exact username. */
  customer?: string | undefined;
  state?: 'pending' | 'delivered' | 'failed' | undefined;
  event?: string | undefined;
}

const countDeliveries = async (db: Db, where: SQL | undefined) => {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where);
  return row?.n ?? 0;
};

/** The console's list (issue #32 item 3): every customer's deliveries, newest first, paged, with their names. */
export const listAllDeliveries = async (db: Db, filter: DeliveryFilter, page: number, pageSize: number) => {
  const where = and(
    filter.id ? eq(webhookDeliveries.id, filter.id) : undefined,
    customerIs(webhookEndpoints.userId, filter.customer),
    filter.state ? eq(webhookDeliveries.state, filter.state) : undefined,
    filter.event ? eq(webhookEvents.type, filter.event) : undefined,
  );
  const username = sql<string>`(select ${users.username} from ${users} where ${users.id} = ${webhookEndpoints.userId})`;
  const rows = await db
    .select({ ...deliveryColumns, username, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Past the last page no row carries the total: counted again only then.
  const total = rows[0]?.total ?? (page > 1 ? await countDeliveries(db, where) : 0);
  return { rows, count: total };
};
export type AdminDeliveryRow = Awaited<ReturnType<typeof listAllDeliveries>>['rows'][number];

/** One delivery with its customer's name, whoever's it is (the console); `id` is a uuid. */
export const adminDeliveryOf = async (db: Db, id: string): Promise<AdminDeliveryRow | undefined> =>
  (await listAllDeliveries(db, { id }, 1, 1)).rows[0];

/** The delivery if it is the customer's (any customer's when `userId` is absent: the console). */
export const deliveryOf = async (db: Db, id: string, userId?: string) =>
  (await deliveriesOf(db, { id, userId, limit: 1 }))[0];
