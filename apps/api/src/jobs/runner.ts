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

/**
 * Creates a job's queue unless it exists. Instances that start together on a new database create the same queues at
 * once, and pg-boss's queue creation (a table attached as a partition) can deadlock then: the loser tries again.
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
  const boss = new PgBoss({
    db: jobExecutor(database),
    schema: SCHEMA,
    // Completed jobs are kept a week for the console, then deleted.
    deleteAfterDays: 7,
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
  await boss.start();

  for (const job of jobs) {
    await ensureQueue(boss, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
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
