import { adminNoteSchema } from './admin-by-hand.js';
import { adminFailuresSchema } from './admin-failures.js';
import { billingDetailsSchema } from './billing-details.js';
import { ADMIN_TAG, adminCustomerId, adminDay, adminList, adminRead, adminReason } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { z } from './zod.js';

/**
 * The operator console's API (issue #17): under `/v1/admin`, tagged "Operator" in the docs. Staff read it; only
 * operators change things, and every change names its reason and is audited.
 */
const TAG = ADMIN_TAG;

const perProduct = <T extends z.ZodMiniType>(figure: T) =>
  z.array(z.object({ product: z.string(), value: figure }));

export const adminOverviewSchema = z.object({
  /** Euro, 2 decimals. */
  revenue: z.object({ today: z.number(), week: z.number(), month: z.number() }),
  /** Revenue per day over 30 days (UTC days with any). */
  daily: z.array(z.object({ day: z.string(), revenue: z.number() })),
  customers: z.object({ today: z.int(), week: z.int(), month: z.int(), total: z.int() }),
  active_plans: perProduct(z.int()),
  pool: z.array(z.object({ product: z.string(), assigned: z.int(), free: z.int() })),
  /** Bytes through the gateways in 30 days. */
  traffic: perProduct(z.number()),
  /** What went wrong in the last `FAILURE_DAYS` days. */
  failures: adminFailuresSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminCustomerSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  is_active: z.boolean(),
  is_2fa: z.boolean(),
  email_verified: z.boolean(),
  /** ISO 8601. */
  joined: z.string(),
  balance: z.number(),
  referral_code: z.string(),
  sign_in: z.array(z.string()),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerPageSchema = z.object({
  customer: adminCustomerSchema,
  plans: z.array(
    z.object({
      id: z.string(),
      product: z.string(),
      name: z.string(),
      status: z.string(),
      data_gb: z.nullable(z.number()),
      used_gb: z.number(),
      ip_amount: z.nullable(z.int()),
      expiry_date: z.nullable(z.string()),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      plan_name: z.string(),
      price: z.number(),
      payment_method: z.string(),
      paid: z.boolean(),
      created: z.string(),
    }),
  ),
  ledger: z.array(z.object({ amount: z.number(), reason: z.string(), created: z.string() })),
  sessions: z.array(z.object({ id: z.string(), created: z.string(), ip: z.nullable(z.string()) })),
  whitelist: z.array(z.object({ ip: z.string(), plan_id: z.string() })),
  referral: z.object({ points: z.int(), referees: z.int() }),
  /** The billing details invoices are issued to, or null (issue #30 item 5). */
  billing: z.nullable(billingDetailsSchema),
  /** Staff notes, newest first: never shown to the customer (issue #30 item 7). */
  notes: z.array(adminNoteSchema),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  actor: z.string(),
  ip: z.nullable(z.string()),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The customer's username when the target is a customer (`user`), else null. */
  target_name: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  created: z.string(),
});

/** Who is at the console: what the screens show (support reads; only operators see the actions). */
export const adminMeSchema = z.object({ username: z.string(), role: z.enum(['operator', 'support']) });

export const adminEndpoints = {
  me: adminRead(
    '/v1/admin/me',
    "The console's caller: username and role (support reads only)",
    adminMeSchema,
  ),
  overview: adminRead(
    '/v1/admin/overview',
    'Revenue, customers, plans, pool and traffic at a glance',
    adminOverviewSchema,
  ),
  customers: adminList(
    'customers',
    'Customers by username or e-mail prefix, id, referral code or whitelisted IP; ten a page',
    {
      q: z.optional(z.string().check(z.maxLength(200))),
      sort: z.optional(z.enum(['joined', '-joined', 'username', '-username'])),
    },
    adminCustomerSchema,
  ),
  customer: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/customers/:id',
    summary: "A customer's page: profile, plans, invoices, balance, sessions, whitelist, referrals",
    tag: TAG,
    access: 'staff',
    params: adminCustomerId,
    response: withPayload(adminCustomerPageSchema),
  }),
  adjustBalance: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/customers/:id/balance',
    summary: "Credit (or, negative, debit) a customer's balance, with a reason",
    tag: TAG,
    access: 'operator',
    params: adminCustomerId,
    body: z.object({
      amount: z
        .number('Amount must be a number')
        .check(
          z.gte(-100_000, 'Amount is too large'),
          z.lte(100_000, 'Amount is too large'),
          z.multipleOf(0.01, 'Amount has at most 2 decimals'),
        ),
      reason: adminReason,
      /**
       * One per dialog opening (issue #28 §13): the same key again is the same credit, answered as the first
       * time, never made twice.
       */
      idempotency_key: z
        .string('Send an idempotency key, one per balance dialog')
        .check(
          z.minLength(16, 'The idempotency key is 16 to 64 characters'),
          z.maxLength(64, 'The idempotency key is 16 to 64 characters'),
          z.regex(/^[A-Za-z0-9_.:-]+$/, 'The idempotency key is letters, digits and - _ . :'),
        ),
    }),
    response: withPayload(z.object({ balance: z.number() })),
  }),
  audit: adminList(
    'audit',
    'The audit trail of operator actions, newest first; ten a page',
    {
      /** A customer's id or username (or another target's id). */
      target: z.optional(z.string().check(z.maxLength(64))),
      /** An operator's username, or `cli`. */
      actor: z.optional(z.string().check(z.maxLength(64))),
      /** An action or its start: `customer.`, `balance.credit`. */
      action: z.optional(z.string().check(z.maxLength(64))),
      /** UTC days, `YYYY-MM-DD`, both included. */
      from: z.optional(adminDay),
      to: z.optional(adminDay),
    },
    auditEntrySchema,
  ),
};
