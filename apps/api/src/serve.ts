import { readFileSync } from 'node:fs';
import { closeOnSignalOrFault, logStreamFor, StartupError, type Database } from '@proxydesk/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Registry } from 'prom-client';
import { startAdminEndpoint } from './cli/endpoint.js';
import { buildApp } from './app.js';
import { shopJobs } from './jobs/definitions.js';
import { startJobRunner, type JobRunner } from './jobs/runner.js';
import { backupDir, loadConfig, publicUrl, type Config } from './config.js';
import { takeBackup } from './backup-files.js';
import { serveMetrics } from './metrics-server.js';
import {
  gatewayDependency,
  jobsDependency,
  type GatewayWatch,
  type ReadinessChecks,
} from './modules/health/readiness.js';
import { assertReadyForProduction, PreflightError } from './preflight.js';
import { prepareDatabase } from './start.js';

export { DEFAULT_TIMING as SUPERVISOR_TIMING, superviseProcess } from './supervisor.js';

/** The version of the shop (package.json at the repository's root, the same from src/ and dist/). */
export const SHOP_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * What runs beside the API and closes with it: the proxy gateway, in the API's process on PGlite (over its
 * database) or as a supervised child on PostgreSQL. `gateway` puts it in /readyz.
 */
export interface Beside {
  close(): Promise<void>;
  gateway?: GatewayWatch;
}

/**
 * Starts the API: configuration, database, app, listen, and a graceful shutdown on SIGINT/SIGTERM. `beside`
 * starts what shares the process and database; it closes before the database does.
 */
export const serve = async ({
  beside,
}: {
  beside?: (database: Database, log: FastifyBaseLogger) => Promise<Beside | undefined>;
} = {}): Promise<void> => {
  const config = loadConfig();
  assertReadyForProduction(config);
  // Listening comes first, so that a taken port stops the start at once; the app's figures join once built.
  const built: { registry?: Registry; readiness?: ReadinessChecks } = {};
  const metrics =
    config.METRICS_PORT === 'off'
      ? undefined
      : await serveMetrics(() => built.registry, {
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
          readiness: () => built.readiness?.report,
        });
  // The database is opened before the app's logger exists: its outage lines go there once it does. Waiting for a
  // PostgreSQL that is not up yet (a machine that boots) is told at once, in the same format.
  const late: { log?: FastifyBaseLogger } = {};
  const startLog = pino({ level: config.LOG_LEVEL }, logStreamFor(config.LOG_FORMAT));
  const startLines = {
    warn: (message: string) => startLog.warn(message),
    info: (message: string) => startLog.info(message),
  };
  const database = await prepareDatabase(config, {
    log: { warn: (message) => late.log?.warn(message), info: (message) => late.log?.info(message) },
    waitLog: startLines,
    migrationLog: startLines,
  }).catch(async (error: unknown) => {
    await metrics?.close();
    throw error;
  });
  const app = await buildApp({ config, database });
  late.log = app.log;
  built.registry = app.metrics.registry;
  let companion: Beside | undefined;
  let jobs: JobRunner | undefined;
  let adminEndpoint: Beside | undefined;
  // Fastify runs onClose hooks last-added first: this one, then the app's own (the mail outbox's last round, the
  // session listener), which still need the database; it and what shares it close once the app has.
  app.addHook('onClose', async () => {
    await adminEndpoint?.close();
    await metrics?.close();
    await jobs?.stop();
  });
  const close = async () => {
    await app.close();
    await companion?.close();
    await database.close();
  };
  try {
    if (config.JOBS_ENABLED) {
      jobs = await startJobRunner({
        database,
        jobs: shopJobs({
          db: database.db,
          log: app.log,
          graceHours: config.PLAN_GRACE_HOURS,
          payments: app.payments,
          sendDueMails: app.mailOutbox.deliverDue,
          autoRenew: () => app.autoRenew(),
          webhooks: app.webhooks,
          backup: backupOf(config, database, app),
        }),
        log: app.log,
        onFailure: app.metrics.jobFailed,
      });
      app.readiness.set('jobs', jobsDependency(jobs));
    }
    companion = await beside?.(database, app.log);
    if (companion?.gateway) app.readiness.set('gateway', gatewayDependency(companion.gateway));
  } catch (error) {
    await close();
    throw error;
  }

  closeOnSignalOrFault(app.log, close);

  await app.listen({ host: config.HOST, port: config.PORT });
  built.readiness = app.readiness;
  // PGlite is one process: the operator's CLI asks this one while it runs (on PostgreSQL it connects itself).
  if (database.kind === 'pglite')
    adminEndpoint = await startAdminEndpoint({ dataDir: config.DATA_DIR, database, log: app.log });
  app.log.info(
    `${config.BRAND_NAME} is ready on ${publicUrl(config)} (ProxyDesk ${SHOP_VERSION}; database: ${database.kind}; metrics: ${metrics ? `${config.METRICS_HOST}:${metrics.port}` : 'off'})`,
  );
};

/** The scheduled backup (issue #29 item 5) over this process's database, unless BACKUP_SCHEDULE is off. */
const backupOf = (config: Config, database: Database, app: FastifyInstance) =>
  config.BACKUP_SCHEDULE === 'off'
    ? undefined
    : {
        cron: config.BACKUP_SCHEDULE,
        take: async () => {
          const at = new Date();
          const { file, removed } = await takeBackup(database, {
            dir: backupDir(config),
            keep: config.BACKUP_KEEP,
            databaseUrl: config.DATABASE_URL,
            now: at,
          });
          app.metrics.backupTaken(at);
          app.log.info({ file, removed }, 'backup written');
        },
      };

/** One clear line for problems an operator can fix, the whole error otherwise; then exit. */
export const exitOnStartupFailure = (error: unknown): never => {
  if (
    error instanceof StartupError ||
    error instanceof PreflightError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    console.error(`Cannot start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Cannot start: ${(error as Error).message}: another program uses that port (set PORT, or GATEWAY_PORT for the proxy gateway).`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
};
