import { StartupError, type Database } from '@proxydesk/db';
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { shopJobs } from './jobs/definitions.js';
import { startJobRunner, type JobRunner } from './jobs/runner.js';
import { loadConfig, publicUrl } from './config.js';
import { prepareDatabase } from './start.js';

/** Something that runs in the API's process over its database (the proxy gateway on PGlite), closed with it. */
export interface Beside {
  close(): Promise<void>;
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
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  let companion: Beside | undefined;
  let jobs: JobRunner | undefined;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await companion?.close();
    await database.close();
  });
  try {
    if (config.JOBS_ENABLED)
      jobs = await startJobRunner({
        database,
        jobs: shopJobs({ db: database.db, log: app.log, graceHours: config.PLAN_GRACE_HOURS }),
        log: app.log,
      });
    companion = await beside?.(database, app.log);
  } catch (error) {
    await app.close();
    throw error;
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`${config.BRAND_NAME} is ready on ${publicUrl(config)} (database: ${database.kind})`);
};

/** One clear line for problems an operator can fix, the whole error otherwise; then exit. */
export const exitOnStartupFailure = (error: unknown): never => {
  if (
    error instanceof StartupError ||
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
