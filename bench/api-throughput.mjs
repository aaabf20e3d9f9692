import Fastify from 'fastify';
import { interleaved, requestsPerSecond, row } from './measure.mjs';

/**
 * GET /v1/plan/read of the real app (PGlite or PostgreSQL) against a bare Fastify route that answers the
 * same JSON from memory, in the same run. Logging off and the rate limit lifted on both sides.
 */
export const planReadThroughput = async ({ databaseUrl, rounds = 3, seconds = 3 } = {}) => {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { loadCatalogue, migrate, openDatabase, readCatalogue } = await import('../packages/db/dist/index.js');

  const database = await openDatabase({ url: databaseUrl });
  await migrate(database);
  await loadCatalogue(database.db, await readCatalogue());
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', NODE_ENV: 'production' });
  const app = await buildApp({ config, database });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  const body = (await (await fetch(`${appUrl}/v1/plan/read`)).json());
  const bare = Fastify({ logger: false });
  bare.get('/plans', async () => body);
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  try {
    return await interleaved(
      rounds,
      () => requestsPerSecond(`${appUrl}/v1/plan/read`, { seconds }),
      () => requestsPerSecond(`${bareUrl}/plans`, { seconds }),
    );
  } finally {
    await app.close();
    await bare.close();
    await database.close();
  }
};

export const reportThroughput = async (label, options) => {
  const r = await planReadThroughput(options);
  console.log(`\nGET /v1/plan/read throughput on ${label} (median of interleaved rounds):`);
  row('bare Fastify JSON route (baseline)', `${r.baseline.toFixed(0)} req/s`);
  row('GET /v1/plan/read', `${r.subject.toFixed(0)} req/s`, `ratio ${r.ratio.toFixed(2)} of baseline`);
  return r;
};
