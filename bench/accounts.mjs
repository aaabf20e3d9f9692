import { hash, verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import { startBenchApp } from './app.mjs';
import { interleaved, median, requestsPerSecond, row } from './measure.mjs';

const PASSWORD = 'violet kettle 42 drums';

/** Milliseconds of each of `count` calls of `fn`, one at a time. */
const timings = async (count, fn) => {
  const ms = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await fn(i);
    ms.push(performance.now() - started);
  }
  return ms;
};

/**
 * Issue #3's budget: sign-in latency (one argon2id verify inside) against a bare verify with the same
 * parameters, and GET /v1/user/dashboard-stats throughput against a bare Fastify JSON route, same run.
 */
export const reportAccounts = async ({ label, databaseUrl }) => {
  const shop = await startBenchApp({ databaseUrl, env: { CAPTCHA_PROVIDER: 'off' } });
  const { app, database, url: appUrl } = shop;
  const bare = Fastify({ logger: false });
  try {
    const suffix = Math.random().toString(36).slice(2, 8);
    const username = `bench_${suffix}`;
    await app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    await database.db.execute(`update users set email_verified = true where username = '${username}'`);

    // Each sign-in from an address of its own: the per-IP attempt limit is not what is measured.
    const login = (i) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username, password: PASSWORD },
        remoteAddress: `10.1.${i >> 8}.${i & 255}`,
      });
    const { payload } = (await login(0)).json();
    const argonHash = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const loginMs = median(await timings(25, (i) => login(i + 1)));
    const verifyMs = median(await timings(25, () => verify(argonHash, PASSWORD)));

    const headers = { authorization: `Bearer ${payload.token}` };
    const stats = await (await fetch(`${appUrl}/v1/user/dashboard-stats`, { headers })).json();
    bare.get('/stats', async () => stats);
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    const throughput = await interleaved(
      3,
      () => requestsPerSecond(`${appUrl}/v1/user/dashboard-stats`, { seconds: 3, headers }),
      () => requestsPerSecond(`${bareUrl}/stats`, { seconds: 3 }),
    );

    console.log(`\nAccounts on ${label}:`);
    row('bare argon2id verify (baseline)', `${verifyMs.toFixed(1)} ms`);
    row(
      'POST /v1/auth/login (server time)',
      `${loginMs.toFixed(1)} ms`,
      `ratio ${(loginMs / verifyMs).toFixed(2)} of baseline`,
    );
    row('bare Fastify JSON route (baseline)', `${throughput.baseline.toFixed(0)} req/s`);
    row(
      'GET /v1/user/dashboard-stats',
      `${throughput.subject.toFixed(0)} req/s`,
      `ratio ${throughput.ratio.toFixed(2)} of baseline`,
    );
  } finally {
    await shop.close();
    await bare.close();
  }
};
