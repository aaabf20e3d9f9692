import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customerPlanRef } from './proxies.js';
import { subusers } from './subusers.js';

/** How fine a row of `line_usage` is: an hour (kept 7 days) or a UTC day (kept 90 days). */
export const LINE_USAGE_GRANULARITIES = ['hour', 'day'] as const;
export type LineUsageGranularity = (typeof LINE_USAGE_GRANULARITIES)[number];

/** The plan a row counted against, and the sub-user whose line it was (null: the owner's own credentials). */
const credential = () => ({
  customerPlanId: customerPlanRef(),
  subuserId: uuid('subuser_id').references(() => subusers.id, { onDelete: 'cascade' }),
});

/**
 * Bytes (both ways) per set of credentials — each sub-user, and the owner per plan — per hour and per UTC day
 * (issue #31 item 4, ADR 006): added to in the usage batch's transaction from the same rows as the plan's
 * totals, so one plan's day rows add up to its `plan_usage_days`. Hours older than 7 days and days older than
 * 90 are deleted by the `prune-line-usage` job.
 */
export const lineUsage = pgTable(
  'line_usage',
  {
    ...credential(),
    granularity: text('granularity', { enum: LINE_USAGE_GRANULARITIES }).notNull(),
    /** The start of the hour or of the UTC day. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('line_usage_key').on(t.customerPlanId, t.subuserId, t.granularity, t.bucket).nullsNotDistinct(),
    index('line_usage_subuser')
      .on(t.subuserId, t.granularity, t.bucket)
      .where(sql`${t.subuserId} is not null`),
    index('line_usage_age').on(t.granularity, t.bucket),
  ],
);

/**
 * Target host names (never paths, queries or full URLs: the CONNECT host or the request's Host) per set of
 * credentials and UTC day, with their bytes and connections (issue #31 item 4, ADR 006). Finished days are
 * trimmed to their top 20 by bytes and every row goes after 30 days (`prune-line-usage`); nothing is written
 * while the operator's `DOMAIN_STATS` is off.
 */
export const lineDomains = pgTable(
  'line_domains',
  {
    ...credential(),
    day: date('day', { mode: 'string' }).notNull(),
    host: text('host').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    connections: integer('connections').notNull().default(0),
  },
  (t) => [
    unique('line_domains_key').on(t.customerPlanId, t.subuserId, t.day, t.host).nullsNotDistinct(),
    index('line_domains_subuser')
      .on(t.subuserId, t.day)
      .where(sql`${t.subuserId} is not null`),
    index('line_domains_day').on(t.day),
  ],
);
