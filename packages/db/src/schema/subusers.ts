import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.js';
import { createdAt, id, updatedAt } from './columns.js';

/** Over what a sub-user's data limit counts: for ever, or since 00:00 UTC of this month's 1st / of today. */
export const SUBUSER_LIMIT_PERIODS = ['lifetime', 'month', 'day'] as const;
export type SubuserLimitPeriod = (typeof SUBUSER_LIMIT_PERIODS)[number];

/**
 * A sub-user's proxy username: `s` and 11 lowercase letters or digits. An owner's is `u` and 11 (issue #31): the
 * first letter tells the gateway which table a line's username names, and the two can never be the same.
 */
export const SUBUSER_USERNAME_PATTERN = '^s[a-z0-9]{11}$';

/**
 * A customer's sub-user under one per-GB product (issue #31, ADR 018): its own proxy credentials, the owner's
 * current plan of that product pays for its bytes. Changes of the customer's settings are announced on the
 * access channel (`notifyAccessChanged`) in their transaction; the gateway's metering adds to the byte counts.
 */
export const subusers = pgTable(
  'subusers',
  {
    id: id(),
    /** The owner: the customer whose plan of `productType` pays. */
    userId: ownerId(),
    /** A product sold by the GB and used with proxy credentials: PR_1, PR_2, PR_3 or PR_6 (LINE_PRODUCTS). */
    productType: text('product_type').notNull(),
    /** The owner's name for it, unique among the owner's sub-users of the product (case aside). */
    name: text('name').notNull(),
    /** Unique across the shop, and never an owner's (SUBUSER_USERNAME_PATTERN). */
    proxyUsername: text('proxy_username').notNull(),
    /** Letters and digits only, like an owner's proxy password (never holds `_`). */
    proxyPassword: text('proxy_password').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** Null: no limit of its own (the plan's data still bounds it). */
    limitBytes: bigint('limit_bytes', { mode: 'number' }),
    limitPeriod: text('limit_period', { enum: SUBUSER_LIMIT_PERIODS }).notNull().default('lifetime'),
    /** Country codes a line may ask for; empty: any. A line with no country is allowed only when empty. */
    allowedCountries: text('allowed_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bytes (both ways) since it was made: what a `lifetime` limit counts. */
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    /**
     * Bytes (both ways) since `periodStart`. They count against a `month` / `day` limit only while `periodStart`
     * is at or after the start of the current period (00:00 UTC of the 1st / of today); otherwise the period
     * has turned and the count is 0, and the metering that adds to it sets it anew with `periodStart` = the
     * current period's start.
     */
    periodUsedBytes: bigint('period_used_bytes', { mode: 'number' }).notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last usage alert sent for it (`percent:period:limit`, issue #31 item 4): the metering compares with it
     * rather than looking for the mail, so a sub-user past 80 % costs nothing more per batch.
     */
    alertedKey: text('alerted_key'),
    /** Fair use (issue #31 item 3): the customer's caps for its lines, null = the shop's maximum. */
    maxSources: integer('max_sources'),
    maxConnections: integer('max_connections'),
    createdAt: createdAt(),
    /**
     * When the row last changed (any write: a trigger sets it, migration 0023): the gateway re-reads only the
     * sub-users changed since its last snapshot (ADR 018, the 100,000 sub-users budget).
     */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subusers_proxy_username').on(t.proxyUsername),
    uniqueIndex('subusers_owner_name').on(t.userId, t.productType, sql`lower(${t.name})`),
    index('subusers_owner').on(t.userId, t.productType, t.createdAt),
    index('subusers_updated').on(t.updatedAt),
    check('subusers_proxy_username_form', sql`${t.proxyUsername} ~ '^s[a-z0-9]{11}$'`),
    check('subusers_product', sql`${t.productType} in ('PR_1', 'PR_2', 'PR_3', 'PR_6')`),
    check('subusers_limit_positive', sql`${t.limitBytes} is null or ${t.limitBytes} > 0`),
  ],
);

/** Sub-users deleted, with when (a trigger writes them, migration 0023): what the gateway's re-read drops. */
export const subuserDeletions = pgTable(
  'subuser_deletions',
  {
    id: uuid('id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subuser_deletions_at').on(t.deletedAt)],
);
