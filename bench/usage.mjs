import pg from 'pg';
import { buyingCustomer, startBenchApp } from './app.mjs';
import { freshDatabase, onServer } from './fresh-database.mjs';
import { median, row } from './measure.mjs';

const FULL = 'proxydesk_bench_usage';
const EMPTY = 'proxydesk_bench_usage_empty';
const USAGE_ROWS = 10_000_000;
const SNAPSHOT_BUDGET_MS = 50;
const SNAPSHOT_RUNS = 30;
const DASHBOARD_ROUNDS = 5;
const DASHBOARD_CALLS = 400;
/** p99 of the dashboard with the full table against the empty one: "unchanged", within the noise. */
const DASHBOARD_RATIO_BUDGET = 1.2;

/**
 * One customer's history as the roll-ups leave it, per product, ending now: a year of UTC days, hours back to
 * 35 days, and minutes for the last 49 hours (the oldest hour of them is what the next hourly roll-up folds).
 */
const HISTORY = `
  select b as bucket, 'day' as granularity from generate_series(p.day_cut - interval '365 days', p.day_cut - interval '1 day', interval '1 day') b
  union all select b, 'hour' from generate_series(p.day_cut, p.hour_cut - interval '2 hours', interval '1 hour') b
  union all select b, 'minute' from generate_series(p.hour_cut - interval '1 hour', date_trunc('minute', now()), interval '1 minute') b`;
const CUTS = `date_bin('1 day', now() - interval '35 days', timestamptz '2000-01-01Z') as day_cut,
  date_bin('1 hour', now() - interval '48 hours', timestamptz '2000-01-01Z') as hour_cut`;

/** A client on `url` for the seeding statements, closed after `work`. */
const onDatabase = async (url, work) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Rows of one plan's history (the same for every plan of a run). */
const historyRows = async (url) =>
  onDatabase(url, async (client) =>
    Number(
      (await client.query(`select count(*) as n from (select ${CUTS}) p cross join lateral (${HISTORY}) s`))
        .rows[0].n,
    ),
  );

/** `count` customers with an active ISP plan each, in SQL: both databases get the same, only usage differs. */
const seedCustomers = (url, count) =>
  onDatabase(url, (client) =>
    client.query(
      `with u as (
         insert into users (username, email, email_verified, referral_code, proxy_username, proxy_password)
         select 'seed' || i, 'seed' || i || '@example.com', true, 'SEED' || i, 'useed' || i, 'secret'
         from generate_series(1, $1::int) i returning id),
       i as (
         insert into invoices (user_id, kind, plan_name, list_price_cents, price_cents, proxy_type, payment_method, paid)
         select id, 'plan', 'ISP', 100, 100, 'PR_2', 'sandbox', true from u returning id, user_id)
       insert into customer_plans (user_id, invoice_id, product_type, plan_name, status, data_gb, duration_hours, activated_at, expires_at)
       select user_id, id, 'PR_2', 'ISP', 'active', 100000, 24 * 400, now() - interval '370 days', now() + interval '30 days' from i`,
      [count],
    ),
  );

/**
 * Every plan's history (the bench's own customer's too), then the plans' and days' running totals. Rows go in key order
 * into a table without its indexes, which are built after them: seeding, not what is measured, so as quick as
 * it can be.
 */
const seedUsage = (url) =>
  onDatabase(url, async (client) => {
    await client.query('drop index usage_records_roll_up');
    // Rows of plans that exist: their foreign keys need no checking one by one (a superuser's session only).
    await client.query('set session_replication_role = replica');
    await client.query(
      'alter table usage_records drop constraint usage_records_user_id_product_type_bucket_pk',
    );
    await client.query(
      `insert into usage_records (user_id, product_type, bucket, granularity, bytes_up, bytes_down)
       select p.user_id, p.product_type, s.bucket, s.granularity, (random() * 100000)::bigint, (random() * 10000000)::bigint
       from (select user_id, product_type, ${CUTS} from customer_plans order by user_id, product_type) p
       cross join lateral (${HISTORY}) s`,
    );
    await client.query('set session_replication_role = default');
    await client.query(
      'alter table usage_records add constraint usage_records_user_id_product_type_bucket_pk primary key (user_id, product_type, bucket)',
    );
    await client.query(
      `create index usage_records_roll_up on usage_records (granularity, bucket) where granularity <> 'day'`,
    );
    await client.query(
      `insert into plan_usage (customer_plan_id, used_bytes)
       select p.id, sum(u.bytes_up + u.bytes_down) from customer_plans p
       join usage_records u on u.user_id = p.user_id and u.product_type = p.product_type group by p.id`,
    );
    await client.query(
      `insert into usage_days (user_id, product_type, day, bytes_up, bytes_down)
       select user_id, product_type, (bucket at time zone 'UTC')::date, sum(bytes_up), sum(bytes_down)
       from usage_records group by 1, 2, 3`,
    );
    await client.query('analyze');
    return Number((await client.query('select count(*) as n from usage_records')).rows[0].n);
  });

/** The dashboard's viewer: a customer with an ISP and a premium plan bought with the sandbox. */
const viewer = async (shop) => ({
  authorization: (await buyingCustomer(shop, 'usage_bench', ['PR_2', 'PR_6'])).headers.authorization,
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Milliseconds of each of `count` calls of `fn`, one at a time. */
const timings = async (count, fn) => {
  const ms = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return ms;
};

const dashboardCall = (shop, headers) => async () => {
  const answer = await fetch(`${shop.url}/v1/user/dashboard`, { headers });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`dashboard answered ${answer.status}`);
};

/**
 * Issue #14 §4: the gateway's snapshot and GET /v1/user/dashboard with 10 M usage rows, against the same over
 * an empty usage table in the same run (two databases of their own on the PostgreSQL server, dropped after).
 */
export const reportUsage = async ({ databaseUrl }) => {
  console.log(`\nUsage at scale on PostgreSQL (${(USAGE_ROWS / 1e6).toFixed(0)} M usage rows vs none):`);
  const shops = [];
  try {
    const [fullUrl, emptyUrl] = [
      await freshDatabase(databaseUrl, FULL, async () => undefined),
      await freshDatabase(databaseUrl, EMPTY, async () => undefined),
    ];
    const env = { CAPTCHA_PROVIDER: 'off' };
    const full = await startBenchApp({ databaseUrl: fullUrl, env });
    shops.push(full);
    const empty = await startBenchApp({ databaseUrl: emptyUrl, env });
    shops.push(empty);
    const [fullViewer, emptyViewer] = [await viewer(full), await viewer(empty)];

    const seedStarted = performance.now();
    const perPlan = await historyRows(fullUrl);
    // The bench's customer has two plans; the others one each.
    const customers = Math.ceil(USAGE_ROWS / perPlan) - 2;
    for (const url of [fullUrl, emptyUrl]) await seedCustomers(url, customers);
    const seeded = { rows: await seedUsage(fullUrl), plans: customers + 2 };
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const { loadDataPlans, rollUpUsage } = await import('../packages/db/dist/index.js');
    // The hourly roll-up's work at this size: the oldest hour of minutes of every plan.
    const rollUpStarted = performance.now();
    const days = await rollUpUsage(full.database.db);
    const rollUpMs = performance.now() - rollUpStarted;

    const snapshot = { full: [], empty: [] };
    for (let i = 0; i < SNAPSHOT_RUNS + 3; i += 1) {
      const [f, e] = [
        await timings(1, () => loadDataPlans(full.database.db)),
        await timings(1, () => loadDataPlans(empty.database.db)),
      ];
      // The first few warm the caches and the plans up.
      if (i >= 3) {
        snapshot.full.push(...f);
        snapshot.empty.push(...e);
      }
    }
    const plansRead = (await loadDataPlans(full.database.db)).length;

    const calls = { full: [], empty: [] };
    const fullCall = dashboardCall(full, fullViewer);
    const emptyCall = dashboardCall(empty, emptyViewer);
    await timings(100, fullCall);
    await timings(100, emptyCall);
    for (let i = 0; i < DASHBOARD_ROUNDS; i += 1) {
      calls.empty.push(...(await timings(DASHBOARD_CALLS, emptyCall)));
      calls.full.push(...(await timings(DASHBOARD_CALLS, fullCall)));
    }

    row(
      'seeded (SQL, not measured below)',
      `${(seeded.rows / 1e6).toFixed(2)} M rows`,
      `${seeded.plans} plans, ${seedSeconds.toFixed(0)} s`,
    );
    row('hourly roll-up at this size', `${rollUpMs.toFixed(0)} ms`, `${days} day(s) of rows folded`);
    row(
      `snapshot, ${plansRead} plans, no usage (baseline)`,
      `${median(snapshot.empty).toFixed(1)} ms`,
      'median',
    );
    const snapshotMs = median(snapshot.full);
    row(
      `snapshot, ${plansRead} plans, full usage`,
      `${snapshotMs.toFixed(1)} ms`,
      `median; ratio ${(snapshotMs / median(snapshot.empty)).toFixed(2)} of baseline; slowest ${Math.max(...snapshot.full).toFixed(1)} ms`,
    );
    const [p99Full, p99Empty] = [percentile(calls.full, 99), percentile(calls.empty, 99)];
    row(
      'GET /v1/user/dashboard p99, empty (baseline)',
      `${p99Empty.toFixed(2)} ms`,
      `median ${median(calls.empty).toFixed(2)} ms`,
    );
    row(
      'GET /v1/user/dashboard p99, full',
      `${p99Full.toFixed(2)} ms`,
      `median ${median(calls.full).toFixed(2)} ms; ratio ${(p99Full / p99Empty).toFixed(2)} of baseline`,
    );
    const budgets = [
      [
        'snapshot',
        `${snapshotMs.toFixed(1)} ms`,
        `at most ${SNAPSHOT_BUDGET_MS} ms`,
        snapshotMs <= SNAPSHOT_BUDGET_MS,
      ],
      [
        'dashboard p99 vs empty',
        (p99Full / p99Empty).toFixed(2),
        `at most ${DASHBOARD_RATIO_BUDGET.toFixed(2)}`,
        p99Full / p99Empty <= DASHBOARD_RATIO_BUDGET,
      ],
    ];
    for (const [name, value, limit, ok] of budgets)
      row(`BUDGET ${name}`, value, `${limit} ${ok ? 'OK' : 'OVER'}`);
    return budgets.every(([, , , ok]) => ok);
  } finally {
    for (const shop of shops) await shop.close();
    for (const name of [FULL, EMPTY])
      await onServer(databaseUrl, `drop database if exists ${name} with (force)`).catch((error) =>
        console.log(`  (${name} left behind: ${error.message})`),
      );
  }
};
