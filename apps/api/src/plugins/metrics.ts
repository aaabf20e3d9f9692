import type { Database } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus figures; `serve` publishes them on METRICS_HOST:METRICS_PORT. */
    metrics: ApiMetrics;
  }
}

export interface ApiMetrics {
  registry: Registry;
  /** One mail handed over: sent, or failed. */
  mail: (ok: boolean) => void;
  /** One payment notification of a known provider and what became of it. */
  webhook: (provider: string, outcome: string) => void;
  /** One failed try of a background job; `final` when it will not be retried. */
  jobFailed: (name: string, final: boolean) => void;
  /** A backup written: its time becomes `api_backup_last_success_timestamp_seconds`. */
  backupTaken: (at: Date) => void;
}

/** Seconds: from a cached read (a few ms) to a slow payment provider (several s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The database connections: PostgreSQL's pool; PGlite is one embedded connection with no pool to watch. */
const watchPool = (registry: Registry, database: Database) => {
  const pool = database.pool;
  new Gauge({
    name: 'api_db_pool_max',
    help: 'Most database connections this instance opens (1: the embedded PGlite)',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });
  if (!pool) return;
  new Gauge({
    name: 'api_db_pool_connections',
    help: 'PostgreSQL connections of the pool, in use by a query or idle',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'api_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL connection',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
};

/**
 * Prometheus figures of one API instance (issue #14 §5): requests by route pattern and status, webhook
 * outcomes, mails, the database pool. Node's process figures are added where the port is served.
 */
export const registerMetrics = (app: FastifyInstance, database: Database): ApiMetrics => {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'api_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const mails = new Counter({
    name: 'api_mails_total',
    help: 'Mails handed to SMTP (or printed to the log without SMTP_URL), by result: sent or failed',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'api_webhooks_total',
    help: 'Payment notifications by provider and outcome (provisioned, duplicate-event, already-paid, unknown-invoice, refused, error)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'api_job_failures_total',
    help: 'Failed tries of background jobs, by job and whether it was the last (final) or will be retried',
    labelNames: ['job', 'final'] as const,
    registers: [registry],
  });
  const lastBackup = new Gauge({
    name: 'api_backup_last_success_timestamp_seconds',
    help: 'When this instance last wrote a backup (Unix time; alert when it is over a day old); failures count in api_job_failures_total{job="backup"}',
    registers: [registry],
  });
  watchPool(registry, database);

  // The route's pattern (`/v1/invoice/:id`), never the address asked for: one series per route, not per id.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const metrics: ApiMetrics = {
    registry,
    mail: (ok: boolean) => mails.inc({ result: ok ? 'sent' : 'failed' }),
    webhook: (provider: string, outcome: string) => webhooks.inc({ provider, outcome }),
    jobFailed: (name: string, final: boolean) => jobFailures.inc({ job: name, final: String(final) }),
    backupTaken: (at: Date) => lastBackup.set(at.getTime() / 1000),
  };
  app.decorate('metrics', metrics);
  return metrics;
};
