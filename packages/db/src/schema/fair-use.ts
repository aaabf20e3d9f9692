import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.js';
import { updatedAt } from './columns.js';
import { subusers } from './subusers.js';

/**
 * The shop's fair-use maximums per plan type (issue #31 item 3, ADR 018), set in the console: what the gateway
 * applies to credentials whose customer set no cap, and the most a customer may set. 0 is off. A plan type
 * without a row takes the operator's defaults (GATEWAY_FAIR_USE_*).
 */
export const fairUseMaximums = pgTable('fair_use_maximums', {
  /** PR_2, PR_3 or PR_6 (SUBUSER_PRODUCTS): the per-GB plans used with credentials. */
  productType: text('product_type').primaryKey(),
  /** Distinct source addresses per credentials within the window. */
  maxSources: integer('max_sources').notNull(),
  windowMinutes: integer('window_minutes').notNull(),
  /** Open connections per credentials. */
  maxConnections: integer('max_connections').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The owner's own caps for the owner's line of one product (a sub-user's are on its row). Null: the shop's
 * maximum.
 */
export const ownerFairUse = pgTable(
  'owner_fair_use',
  {
    userId: ownerId(),
    productType: text('product_type').notNull(),
    maxSources: integer('max_sources'),
    maxConnections: integer('max_connections'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productType] })],
);

/**
 * Source addresses the gateways saw per set of credentials, with when last (ADR 018): written with the usage
 * batches, read by the API for the sub-users' rows. `credential` is the sub-user's id or `userId/PR_x` for the
 * owner's line.
 */
export const fairUseSources = pgTable(
  'fair_use_sources',
  {
    credential: text('credential').notNull(),
    userId: ownerId(),
    productType: text('product_type').notNull(),
    subuserId: uuid('subuser_id').references(() => subusers.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.credential, t.address] })],
);
