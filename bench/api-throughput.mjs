import Fastify from 'fastify';
import { startBenchApp } from './app.mjs';
import { interleaved, requestsPerSecond, row } from './measure.mjs';

/**
 * GET /v1/plan/read of the real app (PGlite or PostgreSQL) against a bare Fastify route that answers the
 * same JSON from memory, in the same run. Logging off and the rate limit lifted on both sides.
 */
export const planReadThroughput = async ({ databaseUrl, rounds = 3, seconds = 3 } = {}) => {
  const shop = await startBenchApp({ databaseUrl });
  const appUrl = shop.url;

  const body = await (await fetch(`${appUrl}/v1/plan/read`)).json();
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
    await shop.close();
    await bare.close();
  }
};

export const reportThroughput = async (label, options) => {
  const r = await planReadThroughput(options);
  console.log(`\nGET /v1/plan/read throughput on ${label} (median of interleaved rounds):`);
  row('bare Fastify JSON route (baseline)', `${r.baseline.toFixed(0)} req/s`);
  row('GET /v1/plan/read', `${r.subject.toFixed(0)} req/s`, `ratio ${r.ratio.toFixed(2)} of baseline`);
  return r;
};
