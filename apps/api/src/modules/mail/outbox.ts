import {
  claimDueMails,
  insertOutboxMail,
  listenOnChannel,
  MAIL_CHANNEL,
  markMailFailed,
  markMailSent,
  outboxBacklog,
  type Database,
  type Db,
  type OutboxMail,
} from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MailContext } from './layout.js';
import type { MailAttachment, Mailer } from './mailer.js';
import { renderMail, type TemplateData, type TemplateName } from './templates.js';

/** Tries of one mail before it is given up: the waits double from 10 s up to a day, about nine days in all. */
export const OUTBOX_RULES = {
  maxAttempts: 20,
  firstRetrySeconds: 10,
  longestRetrySeconds: 24 * 3600,
  /** A sender holds a claimed mail this long; past it (it crashed) another takes the mail over. */
  leaseSeconds: 15 * 60,
  batch: 10,
} as const;

/** The wait before the next try, after `attempts` failed ones: exponential, capped at 24 h. */
export const retryDelaySeconds = (attempts: number): number =>
  Math.min(OUTBOX_RULES.longestRetrySeconds, OUTBOX_RULES.firstRetrySeconds * 2 ** Math.max(0, attempts - 1));

export interface QueuedMail<N extends TemplateName> {
  to: string;
  template: N;
  data: TemplateData<N>;
  /** The customer it is about: their pending mails go with their account. */
  userId?: string | null;
  /** At most one mail with this key, ever (see `insertOutboxMail`). */
  onceKey?: string;
  /** Not worth sending after this (a code's end). */
  discardAfter?: Date;
}

/**
 * Queues a mail in the caller's transaction (`tx`, or the database for a mail that is its own event): it is
 * sent once the transaction commits, retried while SMTP is down, and never sent if the transaction rolls back.
 * Answers false when a mail with the same `onceKey` was queued before.
 */
export const enqueueMail = <N extends TemplateName>(tx: Db, mail: QueuedMail<N>): Promise<boolean> =>
  insertOutboxMail(tx, mail);

export interface MailOutbox {
  /** Sends every due mail (claimed under a lease, so never by two senders at once); the `send-mail` job's work. */
  deliverDue: () => Promise<void>;
  /** Wakes on every commit that queued a mail, and at the next retry's time. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  backlog: () => ReturnType<typeof outboxBacklog>;
}

/** The longest the outbox sleeps between looks without a wake-up: the `send-mail` job also looks every minute. */
const LONGEST_SLEEP_MS = 60_000;

export const createMailOutbox = ({
  database,
  mailer,
  context,
  log,
  attachments,
}: {
  database: Database;
  mailer: Mailer;
  context: MailContext;
  log: FastifyBaseLogger;
  /** Files a mail carries, made when it is sent (a receipt's invoice PDF, issue #30 §6). */
  attachments?: (template: string, data: Record<string, unknown>) => Promise<MailAttachment[]>;
}): MailOutbox => {
  const { db } = database;
  const host = new URL(context.publicUrl).hostname || 'localhost';
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const deliver = async (mail: OutboxMail): Promise<void> => {
    const fields = { outboxId: mail.id, template: mail.template, to: mail.recipient, try: mail.attempts };
    if (mail.discardAfter && mail.discardAfter.getTime() <= Date.now()) {
      await markMailFailed(db, mail, 'not sent in time: no longer of use', null);
      log.warn(fields, 'mail given up: it was not sent in time to be of use');
      return;
    }
    try {
      const rendered = renderMail(mail.template, mail.data, mail.recipient, context);
      const files = attachments ? await attachments(mail.template, mail.data) : [];
      await mailer.send(
        files.length > 0 ? { ...rendered, attachments: files } : rendered,
        `<${mail.id}@${host}>`,
      );
    } catch (error) {
      const message = (error as Error).message;
      const final = mail.attempts >= OUTBOX_RULES.maxAttempts;
      const retryAt = final ? null : new Date(Date.now() + retryDelaySeconds(mail.attempts) * 1000);
      await markMailFailed(db, mail, message, retryAt);
      log.error(
        { ...fields, err: error, retryAt },
        final ? 'mail could not be sent; given up' : 'mail could not be sent; it will be tried again',
      );
      return;
    }
    await markMailSent(db, mail);
  };

  /** Sleeps until the next retry is due (at most a minute), unless woken before. */
  const sleep = async () => {
    clearTimeout(timer);
    if (stopped) return;
    const { nextTryAt } = await outboxBacklog(db);
    if (!nextTryAt || stopped) return;
    const wait = Math.min(LONGEST_SLEEP_MS, Math.max(0, nextTryAt.getTime() - Date.now()) + 50);
    timer = setTimeout(() => void deliverDue(), wait);
    timer.unref();
  };

  const round = async () => {
    do {
      again = false;
      for (;;) {
        const claimed = await claimDueMails(db, OUTBOX_RULES.batch, OUTBOX_RULES.leaseSeconds);
        if (claimed.length === 0) break;
        for (const mail of claimed) await deliver(mail);
      }
    } while (again);
    await sleep();
  };

  /** One round at a time in this process; a wake-up during a round makes it look once more. */
  const deliverDue = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox: sending round failed'))
      .finally(() => (running = undefined));
    return running;
  };

  return {
    deliverDue,
    start: async () => {
      stopped = false;
      unlisten = await listenOnChannel(database, MAIL_CHANNEL, () => void deliverDue());
      void deliverDue();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      // The database may be gone already (closed under the app by a test or a fault).
      await unlisten?.().catch(() => undefined);
      await running;
    },
    backlog: () => outboxBacklog(db),
  };
};
