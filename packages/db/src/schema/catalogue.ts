import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns.js';

/** Money columns hold integer euro cents; GB columns hold numeric GB. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    /** Stable key of the plan in the catalogue files, so loading is idempotent. */
    slug: text('slug').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    durationHours: integer('duration_hours').notNull(),
    ipAmount: integer('ip_amount'),
    dataGb: numeric('data_gb', { mode: 'number' }),
    addGbPriceCents: integer('add_gb_price_cents'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('plans_slug').on(t.slug)],
);

/** Custom datacenter / IPv6 plan price per day for each day count (SPEC.md §9). */
export const customDayPrices = pgTable(
  'custom_day_prices',
  {
    productType: text('product_type').notNull(),
    days: integer('days').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productType, t.days] })],
);

/**
 * The EU member states' standard VAT rates (issue #30 item 4), by ISO code: seeded from the catalogue's
 * `vat-rates.json`, then edited in the console. Read under `TAX_MODE=eu-vat` only.
 */
export const vatRates = pgTable('vat_rates', {
  countryCode: text('country_code').primaryKey(),
  ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('payment_methods_code').on(t.code)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** `percent` (value 1..100) or `fixed` (value in cents). */
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    maxUses: integer('max_uses'),
    /** One use per customer (the default), or as many as the coupon's uses allow. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(true),
    /** The product codes it applies to; null: every product. */
    products: text('products').array(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code').on(t.code)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('faqs_slug').on(t.slug)],
);

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
});

export const socialLinks = pgTable(
  'social_links',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('social_links_name').on(t.name)],
);

/** A single row: is the shop in maintenance mode? */
export const maintenance = pgTable('maintenance', {
  id: serial('id').primaryKey(),
  status: boolean('status').notNull().default(false),
  updatedAt: createdAt(),
});

/**
 * The shop's rules the console sets that are no catalogue item (one row): the share of a datacenter or IPv6
 * plan's addresses its customer may replace each month (issue #32 item 4, ADR 017).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    replacementQuotaPercent: integer('replacement_quota_percent').notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_quota_percent', sql`${t.replacementQuotaPercent} between 1 and 100`),
  ],
);

/** Premium locations: special pools (prvtus, rkus, …) and countries by ISO code, grouped by continent. */
export const locations = pgTable('locations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** `special` for the private / sneaker pools, otherwise the continent name. */
  grp: text('grp').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Offered in the premium generator; the operator switches a location off and on. */
  isActive: boolean('is_active').notNull().default(true),
});

export const locationCities = pgTable(
  'location_cities',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => locations.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

export const locationIsps = pgTable(
  'location_isps',
  {
    countryCode: text('country_code').notNull(),
    cityCode: text('city_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.cityCode, t.code] }),
    foreignKey({
      columns: [t.countryCode, t.cityCode],
      foreignColumns: [locationCities.countryCode, locationCities.code],
    }).onDelete('cascade'),
  ],
);
