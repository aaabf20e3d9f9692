// Health, readiness, Prometheus metrics and log lines of the API (issue #14 §5).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { readinessSchema } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/ports.js';
import { signUp } from '../../../test-support/accounts.js';
import { createTestApp, useMailedApp, type TestApp } from '../../../test-support/app.js';
import { adminUrl } from '../../../test-support/databases.js';
import { startJobRunner } from '../src/jobs/runner.js';
import { serveMetrics, type MetricsServer } from '../src/metrics-server.js';
import { jobsDependency } from '../src/modules/health/readiness.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxPaidEvent } from '../src/modules/payments/sandbox.js';

const WEBHOOK_SECRET = 'observability-test-webhook-secret';

/** Log lines as JSON objects, as pino writes them. */
const captureLog = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
};

/** /readyz as a client on this machine sees it (`inject` comes from loopback): with every dependency's detail. */
const readyz = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  const { status, checks } = readinessSchema.parse(res.json());
  if (!checks) throw new Error(`/readyz from loopback without its checks: ${res.body}`);
  return { status: res.statusCode, body: { status, checks } };
};

describe('health, readiness, metrics and logs', () => {
  let metrics: MetricsServer;
  const log = captureLog();
  const bed = useMailedApp(
    { LOG_LEVEL: 'info', SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { logStream: log.stream },
  );
  const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();

  beforeAll(async () => {
    metrics = await serveMetrics(() => bed.t.app.metrics.registry, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metrics?.close();
  });

  it('GET /healthz answers that the process lives, with its kind of database (the contract of its users)', async () => {
    const res = await bed.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: bed.t.database.kind });
  });

  it('GET /readyz names each dependency: database up, Redis and the job runner not configured, no mail yet', async () => {
    const { status, body } = await readyz(bed.t);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks)).toEqual(['database', 'redis', 'mail', 'jobs']);
    expect(body.checks.database).toMatchObject({ status: 'up', required: true });
    expect(body.checks.redis).toMatchObject({ status: 'not configured', required: false });
    expect(body.checks.jobs).toMatchObject({ status: 'not configured', required: false });
    expect(body.checks.mail).toMatchObject({ status: 'unknown', required: false });
  });

  it('GET /readyz answers the world the bare status: no database kind, latency or set-up (issue #28 item 13)', async () => {
    const fromAfar = await bed.t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.7' });
    expect(fromAfar.statusCode).toBe(200);
    expect(fromAfar.json()).toEqual({ status: 'ok' });
    expect(fromAfar.headers['cache-control']).toBe('no-store');
    // A reverse proxy on this machine forwards the world's requests from loopback: still the bare status.
    for (const header of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }]) {
      const forwarded = await bed.t.app.inject({ method: 'GET', url: '/readyz', headers: header });
      expect(forwarded.json()).toEqual({ status: 'ok' });
    }
    // Over IPv6 loopback, the details.
    const local = await bed.t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '::1' });
    expect(Object.keys(readinessSchema.parse(local.json()).checks ?? {})).toContain('database');
  });

  it('the metrics port answers /readyz with every detail', async () => {
    const detailed = await serveMetrics(() => bed.t.app.metrics.registry, {
      host: '127.0.0.1',
      port: 0,
      readiness: () => bed.t.app.readiness.report,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${detailed.port}/readyz`);
      expect(res.status).toBe(200);
      const body = readinessSchema.parse(await res.json());
      expect(body.status).toBe('ok');
      expect(body.checks?.database).toMatchObject({ status: 'up', required: true });
      expect(body.checks?.database?.detail).toMatch(
        new RegExp(`^${bed.t.database.kind}: answered in \\d+ ms$`),
      );
    } finally {
      await detailed.close();
    }
    // Before the app exists (the start waits for its database), it says so: 503, starting.
    const early = await fetch(`http://127.0.0.1:${metrics.port}/readyz`);
    expect(early.status).toBe(503);
    expect(readinessSchema.parse(await early.json()).checks?.app?.detail).toMatch(/^starting/);
  });

  it('after a mail, /readyz reports the last send and /metrics counts it', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'watched', email: 'watched@example.test' });
    expect(token).toBeTruthy();
    const { body } = await readyz(bed.t);
    expect(body.checks.mail?.status).toBe('up');
    expect(body.checks.mail?.detail).toMatch(/^last mail sent at \d{4}-/);
    expect(await scrape()).toMatch(/^api_mails_total\{result="sent"\} [1-9]/m);
  });

  it('/metrics has the request histogram by route pattern and status, never the raw address', async () => {
    await bed.t.app.inject({ method: 'GET', url: '/v1/plan/read?utm=raw-address' });
    await bed.t.app.inject({ method: 'GET', url: `/v1/invoice/read/${randomUUID()}` });
    const text = await scrape();
    expect(text).toMatch(
      /^api_http_request_duration_seconds_count\{method="GET",route="\/v1\/plan\/read",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^api_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/plan\/read"/m,
    );
    expect(text).not.toContain('raw-address');
    expect(text).toMatch(/route="\/v1\/invoice\/read\/:invoice_id",status="401"/);
  });

  it('/metrics has the database pool, the process and the event-loop lag', async () => {
    const text = await scrape();
    if (bed.t.database.kind === 'postgres') {
      expect(text).toMatch(/^api_db_pool_max 4$/m);
      expect(text).toMatch(/^api_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^api_db_pool_connections\{state="idle"\} [1-9]/m);
      expect(text).toMatch(/^api_db_pool_waiting 0$/m);
    } else {
      expect(text).toMatch(/^api_db_pool_max 1$/m);
    }
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts webhook outcomes by provider, and payment lines carry the request id', async () => {
    const { body, signature } = sandboxPaidEvent(WEBHOOK_SECRET, { id: randomUUID(), priceCents: 100 });
    const paid = await bed.t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    expect(paid.statusCode).toBe(200);
    const forged = await bed.t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'forged' },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    const text = await scrape();
    expect(text).toMatch(/^api_webhooks_total\{provider="sandbox",outcome="unknown-invoice"\} 1$/m);
    expect(text).toMatch(/^api_webhooks_total\{provider="sandbox",outcome="refused"\} 1$/m);
    const line = log.lines.find((l) => l.msg === 'payment event');
    expect(line).toMatchObject({ reqId: paid.headers['x-request-id'], outcome: 'unknown-invoice' });
  });

  it('logs health checks and files at debug only; a failed one, and an unknown address, at info', async () => {
    const idsOf = async (url: string) => {
      const res = await bed.t.app.inject({ method: 'GET', url });
      return {
        status: res.statusCode,
        lines: log.lines.filter((l) => l.reqId === res.headers['x-request-id']),
      };
    };
    for (const url of ['/healthz', '/readyz', '/favicon.ico', '/assets/index.js']) {
      const { status, lines } = await idsOf(url);
      if (status < 400) expect(lines, url).toEqual([]);
    }
    const missing = await idsOf('/v1/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.lines).toEqual([
      expect.objectContaining({ msg: 'request completed', route: 'unmatched', status: 404, method: 'GET' }),
    ]);
  });

  it('takes x-request-id only when it is a plain id, and makes a new one otherwise', async () => {
    const idOf = async (asked: string) =>
      (await bed.t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': asked } }))
        .headers['x-request-id'];
    expect(await idOf('lb-7f3a.01_x')).toBe('lb-7f3a.01_x');
    for (const odd of ['two words', 'a'.repeat(65), '{"level":60}', 'a/../b']) {
      const id = await idOf(odd);
      expect(id, odd).not.toBe(odd);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("every line of an authenticated request carries the user's id; a failed mail's line names the queued mail", async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'logged', email: 'logged@example.test' });
    const me = await bed.t.app.inject({
      method: 'GET',
      url: '/v1/auth/access',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const [user] = await bed.t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.username, 'logged'));
    const reqId = me.headers['x-request-id'];
    const completed = log.lines.find((l) => l.reqId === reqId && l.msg === 'request completed');
    expect(completed).toMatchObject({ userId: user!.id });
    // One line for the request (issue #29: not "incoming request" and "request completed"), and what it says.
    const framework = log.lines.filter((l) => l.reqId === reqId && !('err' in l));
    expect(framework).toHaveLength(1);
    expect(completed).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/v1/auth/access',
      status: 200,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(completed)).not.toContain(token);

    // A mail that cannot be sent is logged with the outbox row that keeps it.
    const broken = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, CAPTCHA_PROVIDER: 'off', LOG_LEVEL: 'info' },
      logStream: log.stream,
    });
    try {
      const signup = await broken.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { username: 'nomail', email: 'nomail@example.test', password: 'violet kettle 42 drums' },
      });
      expect(signup.statusCode).toBe(422);
      const failing = () => log.lines.find((l) => l.msg === 'mail could not be sent; it will be tried again');
      await expect.poll(failing).toBeTruthy();
      // The outbox sends after the request: its line names the queued mail, which waits for its next try.
      expect(failing()).toMatchObject({ template: 'otp', to: 'nomail@example.test', try: 1 });
      const { status, body } = await readyz(broken);
      // A failing mail server is reported, but the shop still sells: the instance stays ready.
      expect(status).toBe(200);
      expect(body.checks.mail).toMatchObject({ status: 'down', required: false });
      expect(body.checks.mail?.detail).toMatch(/^last mail failed at .*; 1 waiting since /);
    } finally {
      await broken.close();
    }
  }, 60_000);
  it("with the job runner, /readyz reports its backlog and /metrics counts a job's failed tries", async () => {
    const runner = await startJobRunner({
      database: bed.t.database,
      log: pino({ level: 'silent' }),
      pollingSeconds: 0.5,
      timing: { cronSeconds: 1, maintenanceSeconds: 1 },
      onFailure: bed.t.app.metrics.jobFailed,
      jobs: [
        {
          name: 'observed-failure',
          retryLimit: 0,
          handler: () => Promise.reject(new Error('broken on purpose')),
        },
      ],
    });
    try {
      bed.t.app.readiness.set('jobs', jobsDependency(runner));
      const { body } = await readyz(bed.t);
      expect(body.checks.jobs).toMatchObject({ status: 'up', required: false });
      expect(body.checks.jobs?.detail).toMatch(/^oldest due job waiting \d+ s$/);
      await runner.send('observed-failure');
      await expect
        .poll(scrape, { timeout: 20_000 })
        .toMatch(/^api_job_failures_total\{job="observed-failure",final="true"\} 1$/m);
    } finally {
      await runner.stop({ graceful: false });
    }
  }, 60_000);
});

describe('/readyz when a dependency is down', () => {
  it('answers 503 naming the database when it refuses connections, and 200 once it is back', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      expect((await readyz(t)).status).toBe(200);
      const name = t.database.url ? new URL(t.database.url).pathname.slice(1) : undefined;
      if (name) {
        // The pool's own error handling is issue #14 §1's; here its idle connections may just go.
        t.database.pool?.on('error', () => undefined);
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`alter database ${name} with allow_connections false`);
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          const { status, body } = await readyz(t);
          expect(status).toBe(503);
          expect(body.status).toBe('unavailable');
          expect(body.checks.database).toMatchObject({ status: 'down', required: true });
          expect(body.checks.database?.detail).toMatch(/not currently accepting connections|terminat/);
        } finally {
          await admin.query(`alter database ${name} with allow_connections true`);
          await admin.end();
        }
        await expect.poll(async () => (await readyz(t)).status, { timeout: 10_000 }).toBe(200);
      } else {
        // The embedded database is gone with its client.
        await t.database.pglite!.close();
        closed = true;
        const { status, body } = await readyz(t);
        expect(status).toBe(503);
        expect(body.checks.database).toMatchObject({ status: 'down', required: true });
      }
    } finally {
      if (closed) await t.app.close();
      else await t.close();
    }
  }, 60_000);

  describe('with a Redis of its own', () => {
    let redis: ChildProcess | undefined;
    let port = 0;
    /** Whether something listens on the port yet. */
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(true));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
      });
    const startRedis = async () => {
      redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let waited = 0; !(await listening()); waited += 50) {
        if (waited > 10_000) throw new Error('redis-server did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const stopRedis = async () => {
      if (!redis || redis.exitCode !== null) return;
      const exited = once(redis, 'exit');
      redis.kill('SIGTERM');
      await exited;
    };
    beforeAll(async () => {
      port = await freePort();
      await startRedis();
    });
    afterAll(stopRedis);

    it('reports Redis down while it is stopped, without making the instance unready, and up again after', async () => {
      const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
      try {
        expect((await readyz(t)).body.checks.redis).toMatchObject({ status: 'up', required: false });
        await stopRedis();
        const { status, body } = await readyz(t);
        expect(body.checks.redis).toMatchObject({ status: 'down', required: false });
        expect(status).toBe(200);
        await startRedis();
        await expect
          .poll(async () => (await readyz(t)).body.checks.redis?.status, { timeout: 15_000 })
          .toBe('up');
      } finally {
        await t.close();
      }
    }, 60_000);
  });
});
