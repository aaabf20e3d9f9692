import { adminList } from './admin-shared.js';
import { z } from './zod.js';

/** What went wrong lately (issue #17 §2): the overview's figures and the read-only lists behind them. */

/** The days the overview's failure figures look back. */
export const FAILURE_DAYS = 7;

export const adminFailuresSchema = z.object({
  /** Mails given up after every try. */
  mails_failed: z.int(),
  /** Provider notifications refused (bad signature, unreadable). */
  webhooks_refused: z.int(),
  /** Invoices a payment event flagged for the operator (a payment that did not match). */
  payments_flagged: z.int(),
  /** Background jobs that failed for good. */
  jobs_failed: z.int(),
});

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;

export const adminMailSchema = z.object({
  id: z.string(),
  customer_id: z.nullable(z.string()),
  to: z.string(),
  template: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.int(),
  /** Why the last try failed, if it did. */
  error: z.nullable(z.string()),
  created: z.string(),
  sent: z.nullable(z.string()),
});
export type AdminMail = z.infer<typeof adminMailSchema>;

export const adminFailedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  tries: z.int(),
  created: z.string(),
  failed: z.string(),
  error: z.string(),
});

export const adminWebhookRefusalSchema = z.object({
  day: z.string(),
  provider: z.string(),
  count: z.int(),
  last_reason: z.string(),
  last_at: z.string(),
});

/** One customer's gateway traffic on one product over `TRAFFIC_DAYS` days. */
export const adminTrafficSchema = z.object({
  customer_id: z.string(),
  username: z.string(),
  product: z.string(),
  /** Bytes both ways. */
  bytes: z.number(),
});
export const TRAFFIC_DAYS = 30;

export const adminFailureEndpoints = {
  mails: adminList(
    'mails',
    'The mail outbox by state and/or customer (one of them is needed), newest first; ten a page',
    {
      state: z.optional(z.enum(MAIL_STATES)),
      /** A customer's id. */
      customer: z.optional(z.string().check(z.maxLength(64))),
    },
    adminMailSchema,
  ),
  failedJobs: adminList(
    'jobs/failed',
    'Background jobs that failed for good (kept a week), newest first; ten a page',
    {},
    adminFailedJobSchema,
  ),
  traffic: adminList(
    'traffic',
    'Customers by gateway traffic over 30 days, most first, on one product or all; ten a page',
    { product: z.optional(z.string().check(z.maxLength(16))) },
    adminTrafficSchema,
  ),
  webhookRefusals: adminList(
    'webhooks/refused',
    'Refused provider notifications per day and provider, newest first; ten a page',
    {},
    adminWebhookRefusalSchema,
  ),
};
