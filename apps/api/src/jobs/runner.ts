import type { Database } from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { jobExecutor } from './executor.js';

/** One kind of background work: run on a schedule (`cron`, UTC) and/or when sent. */
export interface JobDefinition<T extends object = object> {
  name: string;
  cron?: string;
  /** Tries after the first, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A try that runs longer than this is taken as failed (and retried). */
  expireInSeconds?: number;
  /** Must be idempotent: a job may run again after a crash between its work and its completion. */
  handler: (data: T) => Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  jobs: JobDefinition[];
  log: FastifyBaseLogger;
  /** How often each queue is polled for work. */
  pollingSeconds?: number;
  /** Told of every failed try, and whether it was the last. */
  onFailure?: (name: string, final: boolean) => void;
  /** Seconds between schedule checks and between expiry sweeps (pg-boss's defaults otherwise): tests shorten them. */
  timing?: { cronSeconds: number; maintenanceSeconds: number };
}

export interface JobRunner {
  send(name: string, data?: object): Promise<string | null>;
  /** Seconds the oldest job that is due has been waiting (0 when none): the backlog /readyz reports. */
  backlogSeconds(): Promise<number>;
  /** Graceful: lets running jobs finish (up to 10 s). Not graceful: as a crash would, for tests. */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

const SCHEMA = 'pgboss';
/** pg-boss 10's schema version; 11 starts at 25 and has no migration from it. */
const V10_VERSION = 24;
/** Completed jobs are kept a week for the console, then deleted. */
const KEEP_SECONDS = 7 * 86_400;

/**
 * pg-boss 11 cannot migrate pg-boss 10's schema (it asks for a fresh one): a database that has it gets it renamed
 * to `pgboss_v10` (kept for a look; drop it at will) and pg-boss 11 builds its own. Nothing is lost that matters:
 * the shop's jobs are all scheduled (each fires again at its next slot, and every job is idempotent), the work
 * they do lives in the shop's tables (the mail outbox, plans); only the record of old failures stays behind.
 * Instances that start together take an advisory lock: one renames, the others then find pg-boss 11's schema.
 */
const setAsideVersion10 = (db: PgBoss.Db) =>
  db.executeSql(
    `DO $$
    DECLARE installed int;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('proxydesk: pg-boss 10 set aside'));
      IF to_regclass('${SCHEMA}.version') IS NULL THEN RETURN; END IF;
      EXECUTE 'SELECT max(version) FROM ${SCHEMA}.version' INTO installed;
      IF installed <= ${V10_VERSION} THEN
        DROP SCHEMA IF EXISTS ${SCHEMA}_v10 CASCADE;
        ALTER SCHEMA ${SCHEMA} RENAME TO ${SCHEMA}_v10;
      END IF;
    END $$`,
    [],
  );

/**
 * Creates a job's queue unless it exists. Instances that start together on a new database create the same queues at
 * once, and the loser of that race may fail: it tries again.
 */
const ensureQueue = async (boss: PgBoss, queue: PgBoss.Queue): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
};

/**
 * The one runner for scheduled and deferred work (issue #16, ADR 007): pg-boss over the shop's own database, on
 * PostgreSQL and PGlite alike. Jobs live in tables, so they survive restarts; pg-boss hands each job to one worker
 * across every instance (`SKIP LOCKED`) and fires each schedule once.
 */
export const startJobRunner = async ({
  database,
  jobs,
  log,
  pollingSeconds = 2,
  onFailure,
  timing,
}: JobRunnerOptions): Promise<JobRunner> => {
  const db = jobExecutor(database);
  const boss = new PgBoss({
    db,
    schema: SCHEMA,
    // PGlite is one connection in this process: check the schedules and expiry less often than the default.
    ...(database.kind === 'pglite' ? { maintenanceIntervalSeconds: 120 } : {}),
    ...(timing
      ? {
          cronMonitorIntervalSeconds: timing.cronSeconds,
          cronWorkerIntervalSeconds: timing.cronSeconds,
          maintenanceIntervalSeconds: timing.maintenanceSeconds,
        }
      : {}),
  });
  // pg-boss reports a lost connection here; without a listener the process would end.
  boss.on('error', (error) => log.warn({ err: error }, 'job runner: database error (retries on its own)'));
  await setAsideVersion10(db);
  await boss.start();

  for (const job of jobs) {
    await ensureQueue(boss, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      deleteAfterSeconds: KEEP_SECONDS,
    });
    await boss.work<object>(
      job.name,
      { pollingIntervalSeconds: pollingSeconds, includeMetadata: true },
      async ([item]) => {
        if (!item) return;
        try {
          await job.handler(item.data);
        } catch (error) {
          const final = item.retryCount >= item.retryLimit;
          log.error(
            { err: error, job: job.name, jobId: item.id, try: item.retryCount + 1 },
            final ? `job ${job.name} failed for good` : `job ${job.name} failed; it will be retried`,
          );
          onFailure?.(job.name, final);
          throw error;
        }
      },
    );
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name).catch(() => undefined);
  }

  return {
    send: (name, data = {}) => boss.send(name, data),
    backlogSeconds: async () => {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as age from ${SCHEMA}.job where state in ('created', 'retry') and start_after <= now()`,
          [],
        );
      return Number((rows[0] as { age: number | string } | undefined)?.age ?? 0);
    },
    // `close: false`: the database is the app's, closed after the runner.
    stop: ({ graceful = true } = {}) => boss.stop({ graceful, wait: true, timeout: 10_000, close: false }),
  };
};
