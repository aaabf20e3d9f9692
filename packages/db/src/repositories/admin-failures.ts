import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { invoices, mailOutbox, webhookRefusals } from '../schema/index.js';
import { onePage } from './paging.js';

/** What went wrong lately, for the console (issue #17 §2): mails, webhooks, payments and jobs. */

const DAY_MS = 86_400_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type MailState = (typeof mailOutbox.state.enumValues)[number];

/** A refused notification, counted on its UTC day: one row a day per provider, whatever arrives. */
export const recordWebhookRefusal = async (db: Db, provider: string, reason: string, at = new Date()) => {
  const lastReason = reason.slice(0, 300);
  await db
    .insert(webhookRefusals)
    .values({ day: at.toISOString().slice(0, 10), provider, count: 1, lastReason, lastAt: at })
    .onConflictDoUpdate({
      target: [webhookRefusals.day, webhookRefusals.provider],
      set: { count: sql`${webhookRefusals.count} + 1`, lastReason, lastAt: at },
    });
};

/** pg-boss's tables exist once the job runner has started on this database (never, with `JOBS_ENABLED=false`). */
const hasJobTables = async (db: Db) =>
  rowsOf<{ ok: boolean }>(await db.execute(sql`select to_regclass('pgboss.job') is not null as ok`))[0]
    ?.ok === true;

/** Jobs that failed for good (every try used), kept in pg-boss's job table (pg-boss 11 has no archive) for a week. */
const failedJobs = sql`(
  select id, name, retry_count, created_on, completed_on, output from pgboss.job where state = 'failed'
) failed`;

/** Over the last `days` days: mails given up, notifications refused, invoices flagged, jobs failed for good. */
export const shopFailures = async (db: Db, days = 7, now = new Date()) => {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [[mails], [refused], [flagged], jobs] = await Promise.all([
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'failed'), gte(mailOutbox.createdAt, since))),
    db
      .select({ n: sql`coalesce(sum(${webhookRefusals.count}), 0)`.mapWith(Number) })
      .from(webhookRefusals)
      .where(gte(webhookRefusals.day, since.toISOString().slice(0, 10))),
    db
      .select({ n: count() })
      .from(invoices)
      .where(and(isNotNull(invoices.flag), gte(invoices.createdAt, since))),
    hasJobTables(db).then(async (ok) =>
      ok
        ? rowsOf<{ n: number | string }>(
            await db.execute(
              sql`select count(*) as n from ${failedJobs} where completed_on >= ${since.toISOString()}::timestamptz`,
            ),
          )[0]?.n
        : 0,
    ),
  ]);
  return {
    days,
    mailsFailed: mails?.n ?? 0,
    webhooksRefused: refused?.n ?? 0,
    paymentsFlagged: flagged?.n ?? 0,
    jobsFailed: Number(jobs ?? 0),
  };
};

/** The outbox, newest first: by state, by customer, or both. */
export const listOutboxMails = async (
  db: Db,
  filter: { state?: MailState | undefined; userId?: string | undefined },
  page: number,
  pageSize: number,
) => {
  const where = and(
    filter.state ? eq(mailOutbox.state, filter.state) : undefined,
    filter.userId ? eq(mailOutbox.userId, filter.userId) : undefined,
  );
  return onePage(
    db
      .select({
        id: mailOutbox.id,
        userId: mailOutbox.userId,
        recipient: mailOutbox.recipient,
        template: mailOutbox.template,
        state: mailOutbox.state,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)),
    db.select({ n: count() }).from(mailOutbox).where(where),
    page,
    pageSize,
  );
};

export interface FailedJob {
  id: string;
  name: string;
  retryCount: number;
  createdAt: Date;
  failedAt: Date;
  error: string;
}

const messageOf = (output: unknown): string => {
  if (output && typeof output === 'object') {
    const message = (output as { message?: unknown; value?: { message?: unknown } }).message;
    const nested = (output as { value?: { message?: unknown } }).value?.message;
    if (typeof message === 'string') return message;
    if (typeof nested === 'string') return nested;
  }
  return output === null || output === undefined ? '' : JSON.stringify(output).slice(0, 300);
};

/** Jobs failed for good, newest first (pg-boss keeps them a week). */
export const listFailedJobs = async (db: Db, page: number, pageSize: number) => {
  if (!(await hasJobTables(db))) return { rows: [] as FailedJob[], count: 0 };
  const [rows, totals] = await Promise.all([
    db.execute(
      sql`select id, name, retry_count, created_on, completed_on, output from ${failedJobs}
          order by completed_on desc nulls last, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    db.execute(sql`select count(*) as n from ${failedJobs}`),
  ]);
  type Row = {
    id: string;
    name: string;
    retry_count: number;
    created_on: Date | string;
    completed_on: Date | string | null;
    output: unknown;
  };
  return {
    rows: rowsOf<Row>(rows).map((row): FailedJob => ({
      id: String(row.id),
      name: row.name,
      retryCount: Number(row.retry_count),
      createdAt: new Date(row.created_on),
      failedAt: new Date(row.completed_on ?? row.created_on),
      error: messageOf(row.output),
    })),
    count: Number(rowsOf<{ n: number | string }>(totals)[0]?.n ?? 0),
  };
};

/** Refused notifications per day and provider, newest first. */
export const listWebhookRefusals = async (db: Db, page: number, pageSize: number) => {
  return onePage(
    db.select().from(webhookRefusals).orderBy(desc(webhookRefusals.day), webhookRefusals.provider),
    db.select({ n: count() }).from(webhookRefusals),
    page,
    pageSize,
  );
};
