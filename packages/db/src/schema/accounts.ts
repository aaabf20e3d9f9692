import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.js';

export const roleEnum = pgEnum('role', ['customer', 'reseller', 'operator', 'support']);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** argon2id hash; null for accounts created through Google or Discord only. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('customer'),
    isActive: boolean('is_active').notNull().default(true),
    is2fa: boolean('is_2fa').notNull().default(false),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    referralPoints: integer('referral_points').notNull().default(0),
    /** Proxy credentials, separate from the account password (DESIGN.md §4). */
    proxyUsername: text('proxy_username').notNull(),
    proxyPassword: text('proxy_password').notNull(),
    googleSub: text('google_sub'),
    discordId: text('discord_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code').on(t.referralCode),
    uniqueIndex('users_proxy_username').on(t.proxyUsername),
    uniqueIndex('users_google_sub').on(t.googleSub),
    uniqueIndex('users_discord_id').on(t.discordId),
    // The console's customer search (issue #17): username and e-mail prefixes, newest first.
    index('users_username_prefix').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_email_prefix').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_created').on(t.createdAt),
  ],
);

/** The customer a row belongs to; the row goes when the account is deleted. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The customer a one-per-customer row belongs to (its primary key); the row goes when the account is deleted. */
export const ownerKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

/** The customer a document (invoice, credit note) is made out to: the account cannot be deleted while it exists. */
export const documentOwnerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' });

/** Session tokens are random; only their SHA-256 is stored (DESIGN.md §2). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Signed in with the second factor (the mailed code after the password): the console opens only to it. */
    secondFactor: boolean('second_factor').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** A reseller's API key, stored hashed and shown once on regeneration. */
export const apiKeys = pgTable(
  'api_keys',
  {
    userId: ownerKey(),
    keyHash: text('key_hash').notNull(),
    /** First characters of the key, to recognise it in the dashboard without revealing it. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.keyHash)],
);

export const otpPurposeEnum = pgEnum('otp_purpose', [
  'confirm_email',
  'login',
  'reset_password',
  'change_email',
  /** Confirms a security change for an account with no password (Google/Discord only), at its current address. */
  'reauthenticate',
]);

/** One-time codes mailed to a customer; stored hashed, single use, limited tries. */
export const otps = pgTable(
  'otps',
  {
    id: id(),
    userId: ownerId(),
    purpose: otpPurposeEnum('purpose').notNull(),
    /** The address the code was sent to (the new address for an e-mail change). */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [index('otps_user_purpose').on(t.userId, t.purpose)],
);
