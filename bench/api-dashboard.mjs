import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buyingCustomer, startBenchApp } from './app.mjs';
import { median, row } from './measure.mjs';

/**
 * Issue #18 item 5: the authenticated dashboard GETs of the real app against a hand-written reference in the same
 * run: bare Fastify, the driver (a pg pool of the app's size, or the app's own PGlite), the same SQL (the session
 * lookup, then the endpoint's statement) and the same shaping of the answer, without the framework's layers
 * (drizzle, zod, hooks, the session memory). Interleaved rounds, autocannon with 10 connections.
 */
const CONNECTIONS = 10;
export const API_BUDGETS = {
  ratio: 0.85,
  roundTrips: 2,
  p99Ms: { PostgreSQL: 30, PGlite: 50 },
};

/** The live session of a token hash and its account: what a hand-written route would ask first. */
const SESSION_SQL = `select s.id as session_id, u.* from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`;

const load = async (url, headers, seconds) => {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, headers });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed answers during the benchmark`);
  return { rps: r.requests.average, p99: r.latency.p99 };
};

/** The reference: bare Fastify over `query(name, text, values) → rows`. */
const startReference = async (query) => {
  const db = await import('../packages/db/dist/index.js');
  const { shapeDashboard } = await import('../apps/api/dist/modules/proxies/dashboard.service.js');
  const app = Fastify({ logger: false });
  const session = async (request, reply) => {
    const token = (request.headers.authorization ?? '').split(' ')[1] ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    const [user] = await query('ref_session', SESSION_SQL, [hash]);
    if (!user) reply.code(401).send({ detail: 'Not signed in, or the session has expired' });
    return user;
  };
  app.get('/dashboard-stats', async (request, reply) => {
    const user = await session(request, reply);
    if (!user) return reply;
    const [f] = await query('ref_figures', db.ACCOUNT_FIGURES_SQL, [user.id]);
    return {
      payload: {
        totalPlanPurchased: f.totalPlans,
        moneySpent: Math.round(f.moneySpentCents) / 100,
        totalPendingActivation: f.pendingActivations,
        referral_points: user.referral_points,
        referral_code: user.referral_code,
        username: user.username,
        email: user.email,
        is_2fa_enabled: user.is_2fa,
        joined: user.created_at.toISOString(),
      },
    };
  });
  app.get('/dashboard', async (request, reply) => {
    const user = await session(request, reply);
    if (!user) return reply;
    const now = new Date();
    const firstDay = db.chartFirstDay(30, now);
    const [rows] = await query('ref_dashboard', db.PRODUCT_DASHBOARD_SQL, [user.id, firstDay]);
    return { payload: shapeDashboard(rows, firstDay, now.getTime()) };
  });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
};

/** Counts the statements sent to the database while `work` runs (every driver call of this process). */
const countingStatements = (database) => {
  let count = 0;
  const restore = [];
  const wrap = (target, method) => {
    const original = target[method];
    target[method] = function (...args) {
      count += 1;
      return original.apply(this, args);
    };
    restore.push(() => (target[method] = original));
  };
  if (database.pglite) {
    wrap(database.pglite, 'query');
    wrap(database.pglite, 'exec');
  } else wrap(pg.Client.prototype, 'query');
  return {
    count: () => count,
    stop: () => restore.forEach((undo) => undo()),
  };
};

/** Round trips of one answer, averaged over `times` sequential calls (sessions already remembered). */
const roundTrips = async (shop, path, headers, times = 20) => {
  const counter = countingStatements(shop.database);
  try {
    for (let i = 0; i < times; i += 1) {
      const answer = await shop.app.inject({ method: 'GET', url: path, headers });
      if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
    }
    return counter.count() / times;
  } finally {
    counter.stop();
  }
};

export const measureDashboardApi = async ({ label, databaseUrl, rounds = 3, seconds = 3 }) => {
  const shop = await startBenchApp({ databaseUrl, env: { CAPTCHA_PROVIDER: 'off' } });
  const { headers } = await buyingCustomer(shop, 'dashboard_bench', ['PR_2', 'PR_4', 'PR_5', 'PR_6']);
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
  const query = pool
    ? async (name, text, values) => (await pool.query({ name, text, values })).rows
    : async (_name, text, values) => (await shop.database.pglite.query(text, values)).rows;
  const reference = await startReference(query);
  const auth = { authorization: headers.authorization };
  try {
    const results = [];
    for (const [path, refPath] of [
      ['/v1/user/dashboard-stats', '/dashboard-stats'],
      ['/v1/user/dashboard', '/dashboard'],
    ]) {
      // Same answer from both (the reference's `detail`-less envelope is the app's).
      const app = await (await fetch(`${shop.url}${path}`, { headers: auth })).text();
      const ref = await (await fetch(`${reference.url}${refPath}`, { headers: auth })).text();
      if (app !== ref) throw new Error(`${path}: the reference answers differently:\n${app}\n${ref}`);
      const subject = [];
      const baseline = [];
      for (let i = 0; i < rounds; i += 1) {
        baseline.push(await load(`${reference.url}${refPath}`, auth, seconds));
        subject.push(await load(`${shop.url}${path}`, auth, seconds));
      }
      const rps = median(subject.map((r) => r.rps));
      const refRps = median(baseline.map((r) => r.rps));
      results.push({
        path,
        rps,
        refRps,
        ratio: rps / refRps,
        p99: median(subject.map((r) => r.p99)),
        refP99: median(baseline.map((r) => r.p99)),
        roundTrips: await roundTrips(shop, path, auth),
      });
    }
    return { label, results };
  } finally {
    await reference.close();
    await pool?.end();
    await shop.close();
  }
};

/** Prints the figures and budgets of one database; answers whether all are met. */
export const reportDashboardApi = async (options) => {
  const { label, results } = await measureDashboardApi(options);
  console.log(
    `\nAuthenticated dashboard GETs on ${label} against a hand-written Fastify + ${options.databaseUrl ? 'pg' : 'PGlite'} route (median of interleaved rounds, c=${CONNECTIONS}):`,
  );
  let met = true;
  const check = (ok) => {
    met &&= ok;
    return ok ? 'ok' : 'OVER';
  };
  for (const r of results) {
    row(`${r.path} reference`, `${r.refRps.toFixed(0)} req/s`, `p99 ${r.refP99} ms`);
    row(
      `${r.path}`,
      `${r.rps.toFixed(0)} req/s`,
      `ratio ${r.ratio.toFixed(2)} (budget ≥ ${API_BUDGETS.ratio}: ${check(r.ratio >= API_BUDGETS.ratio)}), p99 ${r.p99} ms, ${r.roundTrips.toFixed(1)} round trips`,
    );
  }
  const dashboard = results.find((r) => r.path === '/v1/user/dashboard');
  const p99Budget = API_BUDGETS.p99Ms[label];
  row(
    '/v1/user/dashboard round trips',
    dashboard.roundTrips.toFixed(1),
    `budget ≤ ${API_BUDGETS.roundTrips}: ${check(dashboard.roundTrips <= API_BUDGETS.roundTrips)}`,
  );
  row(
    '/v1/user/dashboard p99',
    `${dashboard.p99} ms`,
    `budget ≤ ${p99Budget} ms: ${check(dashboard.p99 <= p99Budget)}`,
  );
  return met;
};
