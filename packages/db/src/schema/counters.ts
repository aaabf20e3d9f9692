import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters and single-use claims when REDIS_URL is unset (issue #28 item 11): every instance on the
 * database shares them and a restart keeps them. A row counts under `key` until `expires_at` (its window's
 * end); an expired row counts as absent, is started again by the next count and deleted by the clean-up job.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_expires').on(t.expiresAt)],
);
