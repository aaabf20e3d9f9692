import { fileURLToPath } from 'node:url';
import { freshDatabase, onServer } from './fresh-database.mjs';
import { median, row } from './measure.mjs';
import { exchange, runTunnels } from './proxies/client.mjs';
import { GATEWAY_SCRIPT, gatewayBuilt, startGateway } from './proxies/gateway.mjs';
import { treeCpuMs } from './proxies/processes.mjs';
import { startTarget } from './proxies/target.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const GATEWAY_DATABASE = 'proxydesk_bench_subusers';
const SNAPSHOT_DATABASE = 'proxydesk_bench_subusers_snapshot';

const OWNER = { username: 'ubenchsub001-isp', password: 'benchownersecret1' };
/** The i-th sub-user's line (1-based): `s` and 11 digits, the ISP product. */
const subuser = (i) => ({ username: `s${String(i).padStart(11, '0')}-isp`, password: `subpw${i}secret` });
const ACTIVE_SUBUSERS = 1000;
const SNAPSHOT_SUBUSERS = 100_000;

const TUNNEL_BYTES = 1024;
const TUNNELS_PER_ROUND = 2000;
const AUTH_ROUNDS = 11;
const METERING_BYTES = 32 * 1024;
const METERING_ROUNDS = 9;
const SNAPSHOT_RUNS = 15;
const BUDGETS = { auth: 1.05, metering: 1.1, snapshotMs: 50 };

/** `owners` customers, each with a running ISP plan and `perOwner` sub-users; the first is OWNER. */
const seed = (owners, perOwner) => async (db) => {
  const { sql } = await import('drizzle-orm');
  await db.execute(
    sql.raw(`insert into users (username, email, email_verified, referral_code, proxy_username, proxy_password)
      select 'bench_sub_' || i, 'bench_sub_' || i || '@example.com', true, 'BENCHSUB' || i,
        case when i = 1 then 'ubenchsub001' else 'u' || lpad(i::text, 11, '0') end,
        case when i = 1 then '${OWNER.password}' else 'ownerpw' || i end
      from generate_series(1, ${owners}) i`),
  );
  await db.execute(
    sql.raw(`with owners as (select id, row_number() over (order by username) - 1 as n from users where username like 'bench_sub_%'),
      invoices as (insert into invoices (user_id, kind, plan_name, list_price_cents, price_cents, proxy_type, payment_method, paid, paid_at)
        select id, 'plan', 'ISP bench', 100, 100, 'PR_2', 'sandbox', true, now() from owners returning id, user_id)
      insert into customer_plans (user_id, invoice_id, product_type, plan_name, status, data_gb, duration_hours, activated_at, expires_at)
        select user_id, id, 'PR_2', 'ISP bench', 'active', 1000000, 720, now(), now() + interval '30 days' from invoices`),
  );
  await db.execute(
    sql.raw(`insert into subusers (user_id, product_type, name, proxy_username, proxy_password)
      select o.id, 'PR_2', 'sub ' || g, 's' || lpad((o.n * ${perOwner} + g)::text, 11, '0'), 'subpw' || (o.n * ${perOwner} + g) || 'secret'
      from (select id, row_number() over (order by username = 'bench_sub_1' desc, username) - 1 as n from users where username like 'bench_sub_%') o,
        generate_series(1, ${perOwner}) g`),
  );
  // Made an hour ago, as a shop's sub-users mostly were: not all "written within the last minute", which a
  // re-read reads again (the trigger that stamps every write is set aside for this one statement).
  await db.execute(
    sql.raw(`alter table subusers disable trigger subusers_touch;
      update subusers set updated_at = now() - interval '1 hour';
      alter table subusers enable trigger subusers_touch`),
  );
};

const connect = (gateway, credentials) => ({ port: gateway.port, protocol: 'connect', credentials });

/** Gateway CPU ms per 1,000 short tunnels of one set of credentials, over one round. */
const tunnelCpuMs = async (gateway, credentials, echoPort) => {
  const before = treeCpuMs(gateway.pid);
  await runTunnels(connect(gateway, credentials), echoPort, {
    count: TUNNELS_PER_ROUND,
    inFlight: 20,
    bytes: TUNNEL_BYTES,
  });
  return ((treeCpuMs(gateway.pid) - before) * 1000) / TUNNELS_PER_ROUND;
};

/** Budget 1: a sub-user's tunnels against the owner's own, interleaved rounds on one gateway. */
const authentication = async (gateway, echoPort) => {
  const credentials = [OWNER, subuser(1)];
  for (const each of credentials)
    await runTunnels(connect(gateway, each), echoPort, { count: 1000, inFlight: 20, bytes: TUNNEL_BYTES });
  const figures = [[], []];
  for (let i = 0; i < AUTH_ROUNDS; i += 1)
    for (const [k, each] of credentials.entries())
      figures[k].push(await tunnelCpuMs(gateway, each, echoPort));
  const [owner, sub] = figures.map(median);
  return { owner, sub, ratio: sub / owner };
};

/**
 * Gateway CPU of one round of 1,000 tunnels open at once, each moving METERING_BYTES each way, metered every
 * 0.5 s: `distinct` sub-users (one per tunnel) or all of them the first sub-user's.
 */
const meteringRound = async (gateway, echoPort, distinct) => {
  const payload = Buffer.alloc(METERING_BYTES, 0x6d);
  const before = treeCpuMs(gateway.pid);
  await Promise.all(
    Array.from({ length: ACTIVE_SUBUSERS }, (_, i) =>
      exchange(connect(gateway, subuser(distinct ? i + 1 : 1)), echoPort, payload),
    ),
  );
  return treeCpuMs(gateway.pid) - before;
};

/** Budget 2: metering with 1,000 active sub-users against 1, interleaved rounds on one gateway. */
const metering = async (gateway, echoPort) => {
  for (const distinct of [true, false]) await meteringRound(gateway, echoPort, distinct);
  const [many, one] = [[], []];
  for (let i = 0; i < METERING_ROUNDS; i += 1) {
    one.push(await meteringRound(gateway, echoPort, false));
    many.push(await meteringRound(gateway, echoPort, true));
  }
  return { one: median(one), many: median(many), ratio: median(many) / median(one) };
};

/** A shop's access snapshot read in this process from the built gateway; `touch` writes before each re-read. */
const snapshotOf = async (serverUrl, name, subusersPerOwner) => {
  const url = await freshDatabase(serverUrl, name, seed(SNAPSHOT_SUBUSERS / 1000, subusersPerOwner));
  const { openDatabase } = await import('../packages/db/dist/index.js');
  const { createAccess } = await import('../apps/gateway/dist/access/access.js');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url });
  const access = createAccess({ db: database.db, pendingBytes: () => 0, accountCacheMs: 2000 });
  const timed = async () => {
    const started = performance.now();
    await access.refresh();
    return performance.now() - started;
  };
  return {
    timed,
    /** The metering's writes of one busy interval: the same 1,000 active sub-users each time. */
    touch: () =>
      database.db.execute(
        sql.raw(
          `update subusers set used_bytes = used_bytes + 1000 where id in (select id from subusers order by id limit ${ACTIVE_SUBUSERS})`,
        ),
      ),
    close: async () => {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
};

/**
 * Budget 3: the access snapshot with 100,000 sub-users (100 customers of 1,000): the re-read every sync and every
 * announced change makes, with the same 1,000 active sub-users written by the metering before each (a busy
 * shop), against the same shop's re-read without sub-users, interleaved: what the sub-users add, apart from
 * what this machine's load adds to every query. And, for the record, the full read of the start and every 5
 * minutes.
 */
const snapshot = async (serverUrl) => {
  const shops = [
    await snapshotOf(serverUrl, SNAPSHOT_DATABASE, 1000),
    await snapshotOf(serverUrl, `${SNAPSHOT_DATABASE}_none`, 0),
  ];
  try {
    const [many, none] = shops;
    const full = await many.timed();
    await none.timed();
    const [withSubusers, without] = [[], []];
    for (let i = 0; i < SNAPSHOT_RUNS; i += 1) {
      await none.touch();
      without.push(await none.timed());
      await many.touch();
      withSubusers.push(await many.timed());
    }
    const [reread, baseline] = [median(withSubusers), median(without)];
    return { full, reread, baseline, added: reread - baseline };
  } finally {
    for (const shop of shops) await shop.close();
  }
};

/**
 * Issue #31's budgets for sub-users, as ratios in one run on the local PostgreSQL (`serverUrl`): a sub-user's
 * authentication against the owner's, metering 1,000 active sub-users against 1, and the snapshot's re-read with
 * 100,000 sub-users. True when all are met.
 */
export const reportSubusers = async ({ serverUrl }) => {
  console.log('\nSub-users at the gateway (issue #31; loopback, medians of interleaved rounds):');
  if (!gatewayBuilt(root)) {
    console.log(`  (sub-user budgets not measured: ${GATEWAY_SCRIPT} is missing, run npm run build:server)`);
    return false;
  }
  const running = [];
  try {
    const databaseUrl = await freshDatabase(serverUrl, GATEWAY_DATABASE, seed(1, ACTIVE_SUBUSERS));
    const target = await startTarget({ echoBytes: TUNNEL_BYTES, bulkBytes: 1024 });
    running.push(target);
    const bulkTarget = await startTarget({ echoBytes: METERING_BYTES, bulkBytes: 1024 });
    running.push(bulkTarget);
    const gateway = await startGateway({
      root,
      databaseUrl,
      metering: true,
      env: { GATEWAY_SYNC_SECONDS: '0.5', GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER: '5000' },
    });
    running.push(gateway);
    const auth = await authentication(gateway, target.echoPort);
    const meter = await metering(gateway, bulkTarget.echoPort);
    const snap = await snapshot(serverUrl);
    row('gateway CPU per 1,000 tunnels, owner', `${auth.owner.toFixed(0)} ms CPU`);
    row(
      'gateway CPU per 1,000 tunnels, sub-user',
      `${auth.sub.toFixed(0)} ms CPU`,
      `ratio ${auth.ratio.toFixed(3)}`,
    );
    row('metering, 1,000 tunnels of 1 sub-user', `${meter.one.toFixed(0)} ms CPU`);
    row(
      'metering, 1,000 tunnels of 1,000 sub-users',
      `${meter.many.toFixed(0)} ms CPU`,
      `ratio ${meter.ratio.toFixed(3)}`,
    );
    row('snapshot re-read, 100 customers, no sub-users', `${snap.baseline.toFixed(1)} ms`, 'baseline');
    row(
      'snapshot re-read, 100,000 sub-users',
      `${snap.reread.toFixed(1)} ms`,
      '1,000 active, written before each',
    );
    row(
      'snapshot full read, 100,000 sub-users',
      `${snap.full.toFixed(0)} ms`,
      'at start and every 5 minutes',
    );
    const budgets = [
      [
        'sub-user authentication vs owner',
        auth.ratio.toFixed(3),
        `at most ${BUDGETS.auth}`,
        auth.ratio <= BUDGETS.auth,
      ],
      [
        'metering 1,000 sub-users vs 1',
        meter.ratio.toFixed(3),
        `at most ${BUDGETS.metering}`,
        meter.ratio <= BUDGETS.metering,
      ],
      [
        'snapshot: what 100,000 sub-users add',
        `${snap.added.toFixed(1)} ms`,
        `at most ${BUDGETS.snapshotMs} ms`,
        snap.added <= BUDGETS.snapshotMs,
      ],
    ];
    for (const [name, value, limit, ok] of budgets)
      row(`budget: ${name}`, value, `${limit} ${ok ? 'met' : 'OVER'}`);
    return budgets.every(([, , , ok]) => ok);
  } catch (error) {
    console.log(`  (sub-user budgets not measured: ${error.message})`);
    for (const piece of running)
      if (piece.output?.()) console.log(`  printed: ${piece.output().slice(-600)}`);
    return false;
  } finally {
    for (const piece of running.reverse()) await piece.stop();
    await onServer(serverUrl, `drop database if exists ${GATEWAY_DATABASE} with (force)`).catch(
      () => undefined,
    );
  }
};
