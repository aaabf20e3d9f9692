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

/** The reference's two routes on `app` (under `prefix`), over `query(name, text, values) → rows`. */
const referenceRoutes = async (app, query, prefix = '') => {
  const db = await import('../packages/db/dist/index.js');
  const { shapeDashboard } = await import('../apps/api/dist/modules/proxies/dashboard.service.js');
  const session = async (request, reply) => {
    const token = (request.headers.authorization ?? '').split(' ')[1] ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    const [user] = await query('ref_session', SESSION_SQL, [hash]);
    if (!user) reply.code(401).send({ detail: 'Not signed in, or the session has expired' });
    return user;
  };
  app.get(`${prefix}/dashboard-stats`, async (request, reply) => {
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
  app.get(`${prefix}/dashboard`, async (request, reply) => {
    const user = await session(request, reply);
    if (!user) return reply;
    const now = new Date();
    const firstDay = db.chartFirstDay(30, now);
    const [rows] = await query('ref_dashboard', db.PRODUCT_DASHBOARD_SQL, [user.id, firstDay]);
    return { payload: shapeDashboard(rows, firstDay, now.getTime()) };
  });
};

/** The reference: bare Fastify, no logger, no plugins. */
const startReference = async (query) => {
  const app = Fastify({ logger: false });
  await referenceRoutes(app, query);
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
};

/**
 * Statements sent through pg by this process. Counted on the prototype from the start, before the app's pool makes
 * its first connection (the app wraps each connection's query once, ADR 008).
 */
let pgStatements = 0;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  pgStatements += 1;
  return pgQuery.apply(this, args);
};

/** Counts the statements sent to the database from now on. */
const countingStatements = (database) => {
  if (!database.pglite) {
    const start = pgStatements;
    return { count: () => pgStatements - start, stop: () => undefined };
  }
  let count = 0;
  const restore = ['query', 'exec'].map((method) => {
    const original = database.pglite[method];
    database.pglite[method] = function (...args) {
      count += 1;
      return original.apply(this, args);
    };
    return () => (database.pglite[method] = original);
  });
  return { count: () => count, stop: () => restore.forEach((undo) => undo()) };
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

/** Where the reference's routes are mounted inside the real app, behind its plugins (the floor). */
const IN_APP = '/bench/reference';

export const measureDashboardApi = async ({ label, databaseUrl, rounds = 5, seconds = 3 }) => {
  const { preparedQuery } = await import('../packages/db/dist/index.js');
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
  let pglite;
  // Prepared as the app prepares them: named statements on pg, PREPARE / EXECUTE on PGlite.
  const statements = new Map();
  const query = (name, text, values) => {
    if (!statements.has(name)) statements.set(name, preparedQuery(name, text));
    return statements.get(name)({ $client: pool ?? pglite }, ...values);
  };
  const shop = await startBenchApp({
    databaseUrl,
    env: { CAPTCHA_PROVIDER: 'off' },
    // The same hand-written routes inside the app: every plugin and hook of the app, none of the route's layers.
    extend: (app, database) => {
      pglite = database.pglite;
      return referenceRoutes(app, query, IN_APP);
    },
  });
  const { headers } = await buyingCustomer(shop, 'dashboard_bench', ['PR_2', 'PR_4', 'PR_5', 'PR_6']);
  const reference = await startReference(query);
  const auth = { authorization: headers.authorization };
  try {
    const results = [];
    for (const [path, refPath] of [
      ['/v1/user/dashboard-stats', '/dashboard-stats'],
      ['/v1/user/dashboard', '/dashboard'],
    ]) {
      const urls = {
        app: `${shop.url}${path}`,
        reference: `${reference.url}${refPath}`,
        floor: `${shop.url}${IN_APP}${refPath}`,
      };
      // The same answer, byte for byte, from all three.
      const answers = await Promise.all(
        Object.values(urls).map(async (url) => (await fetch(url, { headers: auth })).text()),
      );
      if (new Set(answers).size !== 1)
        throw new Error(`${path}: the reference answers differently:\n${answers.join('\n')}`);
      const runs = { app: [], reference: [], floor: [] };
      for (let i = 0; i < rounds; i += 1)
        for (const which of ['reference', 'floor', 'app'])
          runs[which].push(await load(urls[which], auth, seconds));
      const rps = (which) => median(runs[which].map((r) => r.rps));
      const p99 = (which) => median(runs[which].map((r) => r.p99));
      results.push({
        path,
        rps: rps('app'),
        refRps: rps('reference'),
        floorRps: rps('floor'),
        ratio: rps('app') / rps('reference'),
        floor: rps('floor') / rps('reference'),
        p99: p99('app'),
        refP99: p99('reference'),
        floorP99: p99('floor'),
        roundTrips: await roundTrips(shop, path, auth),
      });
    }
    return { label, results };
  } finally {
    await reference.close();
    await shop.close();
    await pool?.end();
  }
};

/** Prints the figures and budgets of one database; answers whether all are met. */
export const reportDashboardApi = async (options) => {
  const { label, results } = await measureDashboardApi(options);
  console.log(
    `\nAuthenticated dashboard GETs on ${label} against a hand-written Fastify + ${options.databaseUrl ? 'pg' : 'PGlite'} route (median of ${options.rounds ?? 5} interleaved rounds, c=${CONNECTIONS}):`,
  );
  let met = true;
  const check = (ok) => {
    met &&= ok;
    return ok ? 'ok' : 'OVER';
  };
  for (const r of results) {
    row(`${r.path}: reference`, `${r.refRps.toFixed(0)} req/s`, `p99 ${r.refP99} ms`);
    row(
      `  the same route behind the app's plugins`,
      `${r.floorRps.toFixed(0)} req/s`,
      `ratio ${r.floor.toFixed(2)} (the floor), p99 ${r.floorP99} ms`,
    );
    // A budget below the floor cannot be met by the route: the floor is the budget then (ADR 008).
    const budget = Math.min(API_BUDGETS.ratio, r.floor);
    row(
      `  the app`,
      `${r.rps.toFixed(0)} req/s`,
      `ratio ${r.ratio.toFixed(2)} (budget ≥ ${budget.toFixed(2)}: ${check(r.ratio >= budget)}), p99 ${r.p99} ms, ${r.roundTrips.toFixed(1)} round trips`,
    );
  }
  const dashboard = results.find((r) => r.path === '/v1/user/dashboard');
  row(
    '/v1/user/dashboard round trips',
    dashboard.roundTrips.toFixed(1),
    `budget ≤ ${API_BUDGETS.roundTrips}: ${check(dashboard.roundTrips <= API_BUDGETS.roundTrips)}`,
  );
  // Likewise the p99 of the hand-written route behind the app's plugins, when the machine's load puts it higher.
  const p99Budget = Math.max(API_BUDGETS.p99Ms[label], dashboard.floorP99);
  row(
    '/v1/user/dashboard p99',
    `${dashboard.p99} ms`,
    `budget ≤ ${p99Budget} ms${p99Budget > API_BUDGETS.p99Ms[label] ? ` (the floor; ${API_BUDGETS.p99Ms[label]} ms on a quiet machine)` : ''}: ${check(dashboard.p99 <= p99Budget)}`,
  );
  return met;
};
