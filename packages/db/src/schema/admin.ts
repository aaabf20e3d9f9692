import { index, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
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
