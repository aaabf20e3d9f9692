import {
  claimDueDeliveries,
  listenOnChannel,
  WEBHOOK_CHANNEL,
  type Database,
  deliveriesByIds,
  recordDeliveryAttempt,
  type Db,
  type DueDelivery,
} from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import { privateDestination } from './destination.js';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './signature.js';

/** After the first attempt: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h…, until 24 hours after the event. */
const BACKOFF_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000];
const WINDOW_MS = 24 * 3600_000;
/** What is kept of an answer's body for the deliveries list. */
const ANSWER_CHARS = 1000;

export const nextAttemptAt = (delivery: Pick<DueDelivery, 'attempts' | 'firstQueuedAt'>, now: Date) => {
  const seconds = BACKOFF_SECONDS[Math.min(delivery.attempts, BACKOFF_SECONDS.length - 1)]!;
  const next = new Date(now.getTime() + seconds * 1000);
  return next.getTime() <= delivery.firstQueuedAt.getTime() + WINDOW_MS ? next : null;
};

/** The body a receiver gets: the event, as it was recorded. */
export const webhookBody = (event: DueDelivery['event']) =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.createdAt.toISOString(),
    data: event.data,
  });

export interface WebhookSender {
  /** Sends what is due (the job's every-minute sweep); answers how many were tried. */
  deliverDue(now?: Date): Promise<number>;
  /** Sends these deliveries now, whatever their state (a resend from the list); answers them tried. */
  sendNow(ids: string[]): Promise<void>;
  /** Sends as soon as deliveries are queued (LISTEN), besides the job's sweep. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const createWebhookSender = (deps: {
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  timeoutMs: number;
  allowPrivate: boolean;
}): WebhookSender => {
  const attempt = async (delivery: DueDelivery, now = new Date()) => {
    const body = webhookBody(delivery.event);
    const outcome = await post(delivery, body).catch((error: unknown) => ({
      status: null,
      answer: null,
      error:
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? 'No answer in time'
            : error.message
          : String(error),
    }));
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    await recordDeliveryAttempt(deps.db, delivery.id, {
      delivered,
      ...outcome,
      retryAt: delivered ? null : nextAttemptAt(delivery, now),
    });
    deps.log.info(
      { delivery: delivery.id, event: delivery.event.type, status: outcome.status, error: outcome.error },
      delivered ? 'webhook delivered' : 'webhook not delivered',
    );
  };

  const post = async (delivery: DueDelivery, body: string) => {
    if (!deps.allowPrivate) {
      const address = await privateDestination(delivery.url);
      if (address) throw new Error(`${new URL(delivery.url).hostname} is a private address (${address})`);
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await fetch(delivery.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ProxyDesk-Webhooks/1.0',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(delivery.secret, body, timestamp),
        'ProxyDesk-Event': delivery.event.type,
        'ProxyDesk-Delivery': delivery.id,
      },
    });
    const text = await answer.text();
    return { status: answer.status, answer: text.slice(0, ANSWER_CHARS), error: null };
  };

  const deliverDue = async (now = new Date()) => {
    const due = await claimDueDeliveries(deps.db, now);
    await Promise.all(due.map((delivery) => attempt(delivery, now)));
    return due.length;
  };
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<unknown> | undefined;

  return {
    deliverDue,
    start: async () => {
      unlisten = await listenOnChannel(deps.database, WEBHOOK_CHANNEL, () => {
        running = deliverDue().catch((error: unknown) =>
          deps.log.error({ err: error }, 'webhooks: sending round failed'),
        );
      });
    },
    stop: async () => {
      await unlisten?.().catch(() => undefined);
      await running;
    },
    sendNow: async (ids) => {
      for (const delivery of await deliveriesByIds(deps.db, ids)) await attempt(delivery);
    },
  };
};
