import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiCodeRss, emptyNodeRss } from './memory-floor.mjs';
import { median, row } from './measure.mjs';

/** Issue #29 item 8: the budgets of a small server, in MB of resident memory. */
export const MEMORY_BUDGETS = { pgliteIdle: 300, pgliteLoad: 400, postgresIdle: 150 };
/** What the load's second half may hold more than its first before it counts as growth. */
const GROWTH_BUDGET_MB = 10;
const PORT = 3870;
const PASSWORD = 'violet kettle 42 drums';
const SETTLE_MS = 15_000;
const SAMPLE_MS = 5_000;
const SIGN_IN_EVERY_MS = 180_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export const rssMb = (pid) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`process ${pid} reports no VmRSS`);
  return Number(kb) / 1024;
};

/** The most a process has held (VmHWM), in MB. */
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** The Node flags `npm start` runs the shop with (package.json's start script, ADR 014). */
const startFlags = (root) => {
  const { start } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  return start.split(' ').filter((word) => word.startsWith('--'));
};

/** `npm start`'s serve.mjs (already built) as a child, once /v1/plan/read answers; `log` holds its stdout lines. */
const startShop = async (root, env) => {
  const child = spawn(process.execPath, [...startFlags(root), 'scripts/serve.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SANDBOX_PAYMENTS: 'true',
      CAPTCHA_PROVIDER: 'off',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000000',
      METRICS_PORT: '0',
      GATEWAY_PORT: String(PORT + 28_000),
      PROXY_GATEWAY_HOST: '127.0.0.1',
      PROXY_GATEWAY_PORT: String(PORT + 28_000),
      GATEWAY_METRICS_PORT: String(PORT + 28_001),
      GATEWAY_ACCESS_LOG: 'off',
      GATEWAY_POOL_LISTEN: 'false',
      GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log = [];
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    log.push(...lines);
  });
  const url = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/v1/plan/read`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the shop did not answer within 2 minutes');
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    log,
    peak: () => peakRssMb(child.pid),
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Median RSS of five samples a second apart, after `SETTLE_MS` without requests. */
const idleRss = async (pid) => {
  await sleep(SETTLE_MS);
  const samples = [];
  for (let i = 0; i < 5; i += 1) {
    samples.push(rssMb(pid));
    await sleep(1000);
  }
  return median(samples);
};

/** A customer signed up with the code the shop printed to its log (no SMTP_URL), with an ISP plan and one line. */
const shopCustomer = async (shop, username) => {
  let token = '';
  const api = async (path, body) => {
    const res = await fetch(shop.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return res.json();
  };
  const email = `${username}@example.com`;
  await api('/v1/auth/signup', { username, email, password: PASSWORD });
  let otp;
  for (let i = 0; i < 100 && !otp; i += 1) {
    const mail = shop.log.find((line) => line.includes(email) && /(?<!\d)\d{6}(?!\d)/.test(line));
    otp = mail && /(?<!\d)\d{6}(?!\d)/.exec(JSON.parse(mail).msg)?.[0];
    if (!otp) await sleep(100);
  }
  if (!otp) throw new Error(`no sign-up code for ${email} in the shop's log`);
  token = (await api('/v1/auth/confirm-email', { email, otp })).payload.token;
  await api('/v1/billing/create', {
    first_name: 'A',
    last_name: 'B',
    address: 'C',
    city: 'D',
    zip: 'E',
    country: 'Germany',
  });
  const plans = (await api('/v1/plan/read')).payload;
  const invoice = (
    await api('/v1/invoice/create', {
      payment_method: 'sandbox',
      plan: plans.find((p) => p.type === 'PR_2').id,
    })
  ).payload;
  await fetch(shop.url + new URL(invoice.hosted_url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  const generated = await api('/v1/user/generate-proxy', {
    proxy_type: 'premium',
    type: 'sticky',
    amount: 1,
    country: 'de',
    product: 'PR_2',
  });
  const line = generated.payload?.proxies?.[0];
  if (!line) throw new Error(`no proxy line: ${JSON.stringify(generated).slice(0, 200)}`);
  return { token, line };
};

/** A plain GET through a proxy line (`HOST:PORT:USER:PASS`), answering its status once the body is read. */
const getThrough = (line, url) =>
  new Promise((resolve, reject) => {
    const [host, port, username, ...password] = line.split(':');
    const req = request({
      host,
      port: Number(port),
      path: url,
      agent: false,
      headers: {
        host: new URL(url).host,
        'proxy-authorization': `Basic ${Buffer.from(`${username}:${password.join(':')}`).toString('base64')}`,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });

/**
 * `seconds` of steady load: dashboard GETs (4 connections), every second five 64 KB pages through the gateway,
 * a sign-in every 3 minutes; RSS sampled every `SAMPLE_MS`.
 */
const steadyLoad = async (shop, customer, username, seconds) => {
  const site = createServer((_req, res) => res.end(Buffer.alloc(64 * 1024, 0x61)));
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const target = `http://127.0.0.1:${site.address().port}/page`;
  // The gateway learns of the new plan at its next sync (every 2 s): wait for the line to work first.
  for (let i = 0; (await getThrough(customer.line, target)) !== 200; i += 1) {
    if (i === 50) throw new Error('the new proxy line does not work through the gateway after 10 s');
    await sleep(200);
  }
  const samples = [];
  const failed = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sleep(SAMPLE_MS);
      if (running) samples.push(rssMb(shop.pid));
    }
  })();
  let lastSignIn = 0;
  const visitor = (async () => {
    while (running) {
      // A sign-in (argon2's 19 MiB) every 3 minutes: the shop takes 5 per account and address in 15 minutes.
      if (Date.now() - lastSignIn >= SIGN_IN_EVERY_MS) {
        lastSignIn = Date.now();
        const signIn = await fetch(`${shop.url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: PASSWORD }),
        });
        if (!signIn.ok) failed.push(`sign-in ${signIn.status}`);
      }
      for (let i = 0; i < 5; i += 1) {
        const status = await getThrough(customer.line, target);
        if (status !== 200) failed.push(`proxied GET ${status}`);
      }
      await sleep(1000);
    }
  })();
  const dashboard = await autocannon({
    url: `${shop.url}/v1/user/dashboard`,
    connections: 4,
    duration: seconds,
    headers: { authorization: `Bearer ${customer.token}` },
  });
  running = false;
  await Promise.all([sampler, visitor]);
  site.close();
  const bad = dashboard.non2xx + dashboard.errors + dashboard.timeouts;
  if (bad > 0) failed.push(`${bad} dashboard GETs`);
  if (failed.length > 0) throw new Error(`failed answers during the steady load: ${failed.join(', ')}`);
  const half = Math.floor(samples.length / 2);
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    peak: Math.max(...samples),
    median: median(samples),
    growth: mean(samples.slice(samples.length - half)) - mean(samples.slice(0, half)),
    requests: dashboard.requests.total,
  };
};

const verdict = (value, budget) =>
  `${(value / budget).toFixed(2)} of ${budget} MB ${value <= budget ? 'OK' : 'OVER'}`;

/** A fresh database of its own on the local PostgreSQL. */
const freshPostgres = async (serverUrl) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists proxydesk_memory with (force)');
  await admin.query('create database proxydesk_memory');
  await admin.end();
  return new URL('/proxydesk_memory', serverUrl).href;
};

/**
 * `npm run bench -- memory [--minutes N]`: the all-in-one shop on PGlite (restarted on the DATA_DIR its first
 * start made, as a server runs) idle and under `minutes` of steady load, then the API alone on PostgreSQL idle.
 */
export const reportMemory = async ({ root, serverUrl, minutes = 1 }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'proxydesk-memory-'));
  let pglite;
  try {
    const first = await startShop(root, { DATA_DIR: dataDir, DATABASE_URL: '' });
    const firstStartPeak = first.peak();
    await first.stop();
    const shop = await startShop(root, { DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const idle = await idleRss(shop.pid);
      const username = `mem_${Math.random().toString(36).slice(2, 8)}`;
      const customer = await shopCustomer(shop, username);
      const load = await steadyLoad(shop, customer, username, Math.round(minutes * 60));
      pglite = { idle, load, firstStartPeak };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const api = await startShop(root, {
    DATABASE_URL: await freshPostgres(serverUrl),
    GATEWAY_ENABLED: 'false',
  });
  let postgresIdle;
  try {
    postgresIdle = await idleRss(api.pid);
  } finally {
    await api.stop();
  }
  const emptyNode = await emptyNodeRss(rssMb);
  const apiCode = await apiCodeRss(root, startFlags(root), rssMb);
  // A budget below a measured floor is judged against the floor, which says why (issue #29, ADR 014).
  const postgresBudget = Math.max(MEMORY_BUDGETS.postgresIdle, apiCode);

  console.log(`\nMemory (VmRSS) of a small server, ${minutes} min of steady load:`);
  row('empty Node process', `${emptyNode.toFixed(0)} MB`);
  row(
    "floor: the API's code loaded, nothing started",
    `${apiCode.toFixed(0)} MB`,
    "npm start's flags, scripts/serve.mjs's imports",
  );
  row(
    'PGlite all-in-one, first start on an empty DATA_DIR (peak)',
    `${pglite.firstStartPeak.toFixed(0)} MB`,
    'VmHWM while it loads the seed',
  );
  row('BUDGET PGlite all-in-one, idle', `${pglite.idle.toFixed(0)} MB`, verdict(pglite.idle, 300));
  row(
    'BUDGET PGlite all-in-one, under load (peak)',
    `${pglite.load.peak.toFixed(0)} MB`,
    `${verdict(pglite.load.peak, 400)} (median ${pglite.load.median.toFixed(0)} MB, ${pglite.load.requests} dashboard GETs)`,
  );
  const grows = pglite.load.growth > GROWTH_BUDGET_MB;
  row(
    'BUDGET growth, last half vs first half',
    `${pglite.load.growth >= 0 ? '+' : ''}${pglite.load.growth.toFixed(1)} MB`,
    `at most +${GROWTH_BUDGET_MB} MB ${grows ? 'OVER' : 'OK'}`,
  );
  row(
    'BUDGET API alone on PostgreSQL, idle',
    `${postgresIdle.toFixed(0)} MB`,
    postgresBudget > MEMORY_BUDGETS.postgresIdle
      ? `${verdict(postgresIdle, Math.round(postgresBudget))}: the floor, over the budget of ${MEMORY_BUDGETS.postgresIdle} MB (the API's code alone holds it; ADR 014)`
      : verdict(postgresIdle, MEMORY_BUDGETS.postgresIdle),
  );
  return (
    pglite.idle <= MEMORY_BUDGETS.pgliteIdle &&
    pglite.load.peak <= MEMORY_BUDGETS.pgliteLoad &&
    !grows &&
    postgresIdle <= Math.round(postgresBudget)
  );
};
