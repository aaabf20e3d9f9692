import { and, asc, count, eq, inArray, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { mailOutbox } from '../schema/index.js';

/** Announced when a transaction that queued a mail commits: the senders wake at once. */
export const MAIL_CHANNEL = 'proxydesk_mail';

export type OutboxMail = typeof mailOutbox.$inferSelect;

export interface NewOutboxMail {
  to: string;
  template: string;
  data: Record<string, unknown>;
  userId?: string | null;
  /** At most one mail with this key, ever (a threshold or reminder of one plan): a second is not queued. */
  onceKey?: string;
  /** Not worth sending after this: given up instead. */
  discardAfter?: Date;
}

/**
 * Queues a mail inside the caller's transaction: it exists if and only if the event that causes it commits,
 * and the senders are woken on commit. Answers false when a mail with the same `onceKey` was queued before.
 */
export const insertOutboxMail = async (db: Db, mail: NewOutboxMail): Promise<boolean> => {
  const queued = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      template: mail.template,
      data: mail.data,
      userId: mail.userId ?? null,
      onceKey: mail.onceKey ?? null,
      discardAfter: mail.discardAfter ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (queued.length === 0) return false;
  await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return true;
};

/**
 * Takes up to `limit` mails that are due, or whose sender's lease ran out (it crashed or hung), for one sender:
 * each becomes `sending` under a lease, its `attempts` counted. SKIP LOCKED: two senders never take the same row.
 * `attempts` identifies the claim: only its holder can settle the row.
 */
export const claimDueMails = async (db: Db, limit: number, leaseSeconds: number): Promise<OutboxMail[]> => {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(mailOutbox.state, 'sending'), lt(mailOutbox.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      state: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
};

const held = (mail: Pick<OutboxMail, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.attempts, mail.attempts));

/** The SMTP server took it. Its data (a code, perhaps) is no longer kept. */
export const markMailSent = async (db: Db, mail: Pick<OutboxMail, 'id' | 'attempts'>): Promise<void> => {
  await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null, data: {} })
    .where(held(mail));
};

/** A try failed: tried again at `retryAt`, or given up for good when it is null. */
export const markMailFailed = async (
  db: Db,
  mail: Pick<OutboxMail, 'id' | 'attempts'>,
  error: string,
  retryAt: Date | null,
): Promise<void> => {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { state: 'pending', nextAttemptAt: retryAt, leaseUntil: null, lastError: error }
        : { state: 'failed', leaseUntil: null, lastError: error, data: {} },
    )
    .where(held(mail));
};

/** Mails not yet sent (pending or being sent): how many, since when the oldest waits, when the next try is due. */
export const outboxBacklog = async (
  db: Db,
): Promise<{ waiting: number; oldest: Date | null; nextTryAt: Date | null }> => {
  const [row] = await db
    .select({
      waiting: count(),
      oldest: min(mailOutbox.createdAt),
      nextTryAt: sql<
        string | null
      >`min(${mailOutbox.nextAttemptAt}) filter (where ${mailOutbox.state} = 'pending')`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.state, ['pending', 'sending']));
  return {
    waiting: row?.waiting ?? 0,
    oldest: row?.oldest ?? null,
    nextTryAt: row?.nextTryAt ? new Date(row.nextTryAt) : null,
  };
};
