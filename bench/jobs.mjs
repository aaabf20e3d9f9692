import { buyingCustomer, startBenchApp } from './app.mjs';
import { freshDatabase, onServer } from './fresh-database.mjs';
import { median, requestsPerSecond, row } from './measure.mjs';

/** Issue #16's budgets: the idle runner costs the API at most 3%; 10,000 ended plans expire in 10 s on PostgreSQL. */
const IDLE_COST_BUDGET = 0.03;
const EXPIRE_BUDGET_MS = 10_000;
const EXPIRING_PLANS = 10_000;
const ROUNDS = 5;
const SECONDS = 3;

/** The shop's own jobs over the bench app's database, as `npm start` has them. */
const jobsOf = async (shop) => {
  const { shopJobs } = await import('../apps/api/dist/jobs/definitions.js');
  return shopJobs({
    db: shop.database.db,
    log: shop.app.log,
    graceHours: 72,
    payments: shop.app.payments,
    sendDueMails: shop.app.mailOutbox.deliverDue,
    autoRenew: () => shop.app.autoRenew(),
  });
};

/** The shop's own job runner over the bench app's database, as `npm start` runs it. */
const startRunner = async (shop) => {
  const { startJobRunner } = await import('../apps/api/dist/jobs/runner.js');
  return startJobRunner({ database: shop.database, jobs: await jobsOf(shop), log: shop.app.log });
};

/**
 * GET /v1/user/dashboard with the runner started and idle against the same app without it, in interleaved rounds:
 * the runner is started and stopped between rounds, so both halves see the same machine.
 */
const idleCost = async (label, databaseUrl) => {
  const shop = await startBenchApp({ databaseUrl, env: { CAPTCHA_PROVIDER: 'off' } });
  try {
    const { headers } = await buyingCustomer(shop, 'jobs_bench', ['PR_2']);
    const url = `${shop.url}/v1/user/dashboard`;
    const measure = () => requestsPerSecond(url, { seconds: SECONDS, connections: 10, headers });
    await measure();
    const [off, on] = [[], []];
    for (let i = 0; i < ROUNDS; i += 1) {
      off.push(await measure());
      const runner = await startRunner(shop);
      // Its first polls and schedule checks are over: idle from here on.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      on.push(await measure());
      await runner.stop();
    }
    const cost = 1 - median(on) / median(off);
    row(`${label}, no job runner (baseline)`, `${median(off).toFixed(0)} req/s`);
    row(
      `${label}, job runner started, idle`,
      `${median(on).toFixed(0)} req/s`,
      `ratio ${(median(on) / median(off)).toFixed(3)} of baseline`,
    );
    return cost;
  } finally {
    await shop.close();
  }
};

/** The expire-plans job over `count` plans that ended a minute ago, on a PostgreSQL database of its own. */
const expireTime = async (serverUrl, count) => {
  const name = 'proxydesk_bench_jobs';
  const url = await freshDatabase(serverUrl, name, async (db) => {
    await db.execute(
      `with u as (
         insert into users (username, email, email_verified, referral_code, proxy_username, proxy_password)
         select 'ending' || i, 'ending' || i || '@example.com', true, 'END' || i, 'uend' || i, 'secret'
         from generate_series(1, ${count}) i returning id),
       i as (
         insert into invoices (user_id, kind, plan_name, list_price_cents, price_cents, proxy_type, payment_method, paid)
         select id, 'plan', 'ISP', 100, 100, 'PR_2', 'sandbox', true from u returning id, user_id)
       insert into customer_plans (user_id, invoice_id, product_type, plan_name, status, data_gb, duration_hours, activated_at, expires_at)
       select user_id, id, 'PR_2', 'ISP', 'active', 10, 720, now() - interval '30 days', now() - interval '1 minute' from i`,
    );
  });
  const shop = await startBenchApp({ databaseUrl: url });
  try {
    const job = (await jobsOf(shop)).find((j) => j.name === 'expire-plans');
    const started = performance.now();
    await job.handler({});
    const ms = performance.now() - started;
    const left = await shop.database.db.execute(
      `select count(*)::int as n from customer_plans where status = 'active'`,
    );
    if (left.rows[0].n !== 0) throw new Error(`${left.rows[0].n} ended plans still active after the job`);
    return ms;
  } finally {
    await shop.close();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
};

/** Issue #16 §Budget: what the job runner costs. */
export const reportJobs = async ({ postgresUrl, serverUrl }) => {
  console.log('\nBackground jobs (issue #16): GET /v1/user/dashboard at 10 connections, and plan expiry:');
  const costs = [await idleCost('PGlite', undefined)];
  if (postgresUrl) costs.push(await idleCost('PostgreSQL', postgresUrl));
  const expireMs = serverUrl ? await expireTime(serverUrl, EXPIRING_PLANS) : undefined;
  if (expireMs !== undefined)
    row(
      `expire ${EXPIRING_PLANS.toLocaleString('en')} ended plans (PostgreSQL)`,
      `${expireMs.toFixed(0)} ms`,
    );
  const worst = Math.max(...costs);
  const budgets = [
    [
      'idle job runner cost',
      `${(worst * 100).toFixed(1)}%`,
      `at most ${IDLE_COST_BUDGET * 100}%`,
      worst <= IDLE_COST_BUDGET,
    ],
    ...(expireMs === undefined
      ? []
      : [
          [
            'plan expiry',
            `${expireMs.toFixed(0)} ms`,
            `at most ${EXPIRE_BUDGET_MS} ms`,
            expireMs <= EXPIRE_BUDGET_MS,
          ],
        ]),
  ];
  for (const [name, value, limit, ok] of budgets)
    row(`BUDGET ${name}`, value, `${limit} ${ok ? 'OK' : 'OVER'}`);
  return budgets.every(([, , , ok]) => ok);
};
