import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerKey, users } from './accounts.js';
import { at, createdAt, id } from './columns.js';

/**
 * A mail's way through the outbox (issue #16 item 2): `pending` until a sender claims it, `sending` while one
 * holds its lease, then `sent`, or `failed` once it ran out of tries or out of time.
 */
export const mailStateEnum = pgEnum('mail_state', ['pending', 'sending', 'sent', 'failed']);

/**
 * Every mail the shop sends, written in the transaction of the event that causes it and sent by the outbox
 * (apps/api/src/modules/mail/outbox.ts). The template is rendered when the mail is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** The customer it is about, if any: their pending mails go with their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    /** What the template needs; emptied once the mail is sent or given up (a code must not outlive its use). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** At most one mail per key, ever: a usage threshold or a reminder of one plan's end (never repeated). */
    onceKey: text('once_key'),
    state: mailStateEnum('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: until when the sender that claimed it holds it; past it, another may take it over. */
    leaseUntil: at('lease_until'),
    /** Not worth sending after this (a code past its lifetime): given up instead. */
    discardAfter: at('discard_after'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_once_key').on(t.onceKey),
    index('mail_outbox_due').on(t.state, t.nextAttemptAt),
    // The console (issue #17): a customer's last mails, and the failed ones of the last days.
    index('mail_outbox_user_created').on(t.userId, t.createdAt),
    index('mail_outbox_state_created').on(t.state, t.createdAt),
  ],
);

/** What a customer chose to receive besides receipts and security mails, which always go (issue #16 item 4). */
export const notificationSettings = pgTable('notification_settings', {
  userId: ownerKey(),
  /** "Your plan ends in 3 days / 24 hours", "your plan expired". */
  planReminders: boolean('plan_reminders').notNull().default(true),
  /** "80% / 100% of your data is used". */
  usageAlerts: boolean('usage_alerts').notNull().default(true),
});
