import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.js';
import { invoices } from './billing.js';
import { at, createdAt, id } from './columns.js';

/** `suspended`: its invoice was refunded in full or lost a dispute; the gateway refuses it. */
export const CUSTOMER_PLAN_STATUSES = ['pending', 'active', 'expired', 'suspended'] as const;

/** What a customer owns after paying: a GB plan or an IP plan waiting for / after activation. */
export const customerPlans = pgTable(
  'customer_plans',
  {
    id: id(),
    userId: ownerId(),
    /** The invoice that created this plan: unique, so a payment provisions at most once. */
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    productType: text('product_type').notNull(),
    /** The customer's own name for the plan (Set Plan Name). */
    planName: text('plan_name').notNull(),
    status: text('status', { enum: CUSTOMER_PLAN_STATUSES }).notNull(),
    ipAmount: integer('ip_amount'),
    dataGb: numeric('data_gb', { mode: 'number' }),
    durationHours: integer('duration_hours').notNull(),
    activatedAt: at('activated_at'),
    expiresAt: at('expires_at'),
    /** A reseller's switch: the balance pays the renewal 24 h before the end. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The end date for which auto-renew last failed (its mail is sent once per end date). */
    autoRenewFailedFor: at('auto_renew_failed_for'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_plans_invoice').on(t.invoiceId),
    index('customer_plans_user').on(t.userId, t.productType),
  ],
);

/** The customer plan a row belongs to; the row goes with the plan. */
export const customerPlanRef = () =>
  uuid('customer_plan_id')
    .notNull()
    .references(() => customerPlans.id, { onDelete: 'cascade' });

export const whitelistedIps = pgTable(
  'whitelisted_ips',
  {
    id: id(),
    customerPlanId: customerPlanRef(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whitelisted_ips_plan_ip').on(t.customerPlanId, t.ip),
    index('whitelisted_ips_ip').on(t.ip),
  ],
);

/** The operator's addresses for datacenter (PR_4) and IPv6 (PR_5) plans. */
export const proxyPool = pgTable(
  'proxy_pool',
  {
    id: id(),
    productType: text('product_type').notNull(),
    address: text('address').notNull(),
    port: integer('port').notNull(),
    /** Taken out of service by the operator: never assigned again, and its plan moved to another address. */
    retiredAt: at('retired_at'),
    /** Replaced out of a plan (ADR 017): free again, but given to nobody before this instant. */
    coolingUntil: at('cooling_until'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('proxy_pool_address_port').on(t.address, t.port),
    index('proxy_pool_product').on(t.productType),
  ],
);

/** A pool address belongs to at most one plan at a time (the unique key enforces it). */
export const poolAssignments = pgTable(
  'pool_assignments',
  {
    poolId: uuid('pool_id')
      .primaryKey()
      .references(() => proxyPool.id, { onDelete: 'cascade' }),
    customerPlanId: customerPlanRef(),
    assignedAt: createdAt(),
  },
  (t) => [index('pool_assignments_plan').on(t.customerPlanId)],
);

/**
 * Each address a customer replaced (issue #32 item 4, ADR 017): what the monthly quota counts, and the history.
 * The endpoints are copied as text: the pool row may be retired or re-imported later.
 */
export const addressReplacements = pgTable(
  'address_replacements',
  {
    id: id(),
    customerPlanId: customerPlanRef(),
    oldPoolId: uuid('old_pool_id').references(() => proxyPool.id, { onDelete: 'set null' }),
    oldEndpoint: text('old_endpoint').notNull(),
    newPoolId: uuid('new_pool_id').references(() => proxyPool.id, { onDelete: 'set null' }),
    newEndpoint: text('new_endpoint').notNull(),
    replacedAt: createdAt(),
  },
  (t) => [index('address_replacements_plan').on(t.customerPlanId, t.replacedAt)],
);

export const USAGE_GRANULARITIES = ['minute', 'hour', 'day'] as const;

/**
 * Bytes through the gateway per customer, product and time bucket (the usage charts). The gateway writes
 * minutes; the roll-up (`rollUpUsage`) folds a minute row older than 48 hours into its hour's row and an
 * older row than 35 days into its UTC day's row: `granularity` says which a row is, and its bucket is the
 * start of that minute, hour or day.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    userId: ownerId(),
    productType: text('product_type').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    granularity: text('granularity', { enum: USAGE_GRANULARITIES }).notNull().default('minute'),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productType, t.bucket] }),
    // What the roll-up looks for: the oldest rows still finer than they need to be.
    index('usage_records_roll_up')
      .on(t.granularity, t.bucket)
      .where(sql`${t.granularity} <> 'day'`),
  ],
);

/**
 * Bytes per customer, product and UTC day, added to in the same transaction as the usage rows: what the 30-day
 * charts and the console's traffic read (at most 30 rows per product), whatever the roll-up has folded yet.
 */
export const usageDays = pgTable(
  'usage_days',
  {
    userId: ownerId(),
    productType: text('product_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productType, t.day] }), index('usage_days_day').on(t.day)],
);

/**
 * Each plan's running total of bytes counted against it (both ways), added to in the same transaction as the
 * usage rows of a batch: what the quota, the dashboard and the generator read, never a sum over history.
 */
export const planUsage = pgTable('plan_usage', {
  customerPlanId: uuid('customer_plan_id')
    .primaryKey()
    .references(() => customerPlans.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});

/**
 * Each plan's bytes per UTC day (both ways), added to in the same transaction as its running total: the product
 * page's usage table and chart for the plan's period, which therefore always add up to the "used" figure
 * (issue #19 item 7).
 */
export const planUsageDays = pgTable(
  'plan_usage_days',
  {
    customerPlanId: customerPlanRef(),
    day: date('day', { mode: 'string' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerPlanId, t.day] })],
);

/**
 * Usage batches the gateways have written, by batch id: a batch retried after an unclear commit is
 * applied once (issue #6: a crash loses at most one flush, and nothing is counted twice).
 */
export const usageBatches = pgTable(
  'usage_batches',
  {
    id: text('id').primaryKey(),
    appliedAt: createdAt(),
  },
  (t) => [index('usage_batches_applied').on(t.appliedAt)],
);
