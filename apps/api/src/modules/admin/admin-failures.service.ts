import { FAILURE_DAYS, TRAFFIC_DAYS } from '@proxydesk/contract';
import {
  isUuid,
  listFailedJobs,
  listTraffic,
  listOutboxMails,
  listWebhookRefusals,
  shopFailures,
  type Db,
  type MailState,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

const PAGE_SIZE = 10;

type PageUrl = (page: number) => string;
const pageOf = <T>(rows: T[], count: number, page: number, pageUrl: PageUrl) => ({
  count,
  next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
  results: rows,
});

/** The overview's failure figures (issue #17 §2), over the last `FAILURE_DAYS` days. */
export const failureFigures = async (db: Db) => {
  const figures = await shopFailures(db, FAILURE_DAYS);
  return {
    mails_failed: figures.mailsFailed,
    webhooks_refused: figures.webhooksRefused,
    payments_flagged: figures.paymentsFlagged,
    jobs_failed: figures.jobsFailed,
  };
};

/** The lists behind the overview's failure figures (issue #17 §2). */
export const createAdminFailuresService = (db: Db) => ({
  mails: async (
    filter: { state?: MailState | undefined; customer?: string | undefined },
    page: number,
    pageUrl: PageUrl,
  ) => {
    if (!filter.state && !filter.customer) throw new HttpError(400, 'Give a state or a customer');
    // Not a customer's id: no customer, so no mails (never a database error).
    if (filter.customer && !isUuid(filter.customer)) return pageOf([], 0, page, pageUrl);
    const { rows, count } = await listOutboxMails(
      db,
      { state: filter.state, userId: filter.customer },
      page,
      PAGE_SIZE,
    );
    const results = rows.map((mail) => ({
      id: mail.id,
      customer_id: mail.userId,
      to: mail.recipient,
      template: mail.template,
      state: mail.state,
      attempts: mail.attempts,
      error: mail.lastError,
      created: mail.createdAt.toISOString(),
      sent: mail.sentAt?.toISOString() ?? null,
    }));
    return pageOf(results, count, page, pageUrl);
  },

  failedJobs: async (page: number, pageUrl: PageUrl) => {
    const { rows, count } = await listFailedJobs(db, page, PAGE_SIZE);
    const results = rows.map((job) => ({
      id: job.id,
      name: job.name,
      tries: job.retryCount + 1,
      created: job.createdAt.toISOString(),
      failed: job.failedAt.toISOString(),
      error: job.error,
    }));
    return pageOf(results, count, page, pageUrl);
  },

  traffic: async (product: string | undefined, page: number, pageUrl: PageUrl) => {
    const { rows, count } = await listTraffic(db, { product, days: TRAFFIC_DAYS }, page, PAGE_SIZE);
    const results = rows.map((row) => ({
      customer_id: row.userId,
      username: row.username,
      product: row.product,
      bytes: row.bytes,
    }));
    return pageOf(results, count, page, pageUrl);
  },

  webhookRefusals: async (page: number, pageUrl: PageUrl) => {
    const { rows, count } = await listWebhookRefusals(db, page, PAGE_SIZE);
    const results = rows.map((row) => ({
      day: row.day,
      provider: row.provider,
      count: row.count,
      last_reason: row.lastReason,
      last_at: row.lastAt.toISOString(),
    }));
    return pageOf(results, count, page, pageUrl);
  },
});

export type AdminFailuresService = ReturnType<typeof createAdminFailuresService>;
