import { index, jsonb, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * Every operator action (issue #17 §7): who, when, from where, what, on what, before → after and why. Written in
 * the same transaction as the change; the console only reads it (no route updates or deletes a row).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The operator; null for the command line (`npm run admin`), shown as "cli". */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    ip: text('ip'),
    action: text('action').notNull(),
    /** What it was done to: `user`, `invoice`, `plan`, … and that row's id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_target').on(t.targetType, t.targetId)],
);

/**
 * The first answer to a console request sent with an idempotency key (issue #28 §13): a balance credit sent
 * twice (a double click, a retry) is made once, and the repeat gets the first answer. `scope` names what the
 * key is for and on whom (`balance:<customer id>`); `request` is what was asked, so that a key sent again with
 * other words is refused rather than answered with the wrong credit.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request: jsonb('request').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotent_requests_created').on(t.createdAt)],
);

/**
 * Staff notes on a customer (issue #30 item 7): written in the console, read by staff only, never shown to the
 * customer. Each note is audited when written.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_user').on(t.userId, t.createdAt)],
);
