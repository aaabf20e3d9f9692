// PostgreSQL only: processes that come back (issue #29 item 2). The API waits for a database that is not up yet;
// `npm start`'s gateway child is restarted when it dies, /readyz says so meanwhile, and SIGTERM ends both quickly.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { readinessSchema } from '@proxydesk/contract';
import { isAlive } from '@proxydesk/db';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { spawnApi } from '../../../test-support/api-process.js';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import {
  startShopOnPostgres,
  waitUntil,
  type ShopPorts,
  type ShopProcess,
} from '../../../test-support/outage.js';
import { freePort } from '../../../test-support/ports.js';

/** Where the tests' PostgreSQL listens, for the forwarder to pass connections on to. */
const postgres = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port || 5432) };
};

/** A TCP forwarder on loopback to PostgreSQL, opened only when asked: until then, connections are refused. */
const lateForwarder = (port: number, to: { host: string; port: number }) => {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    open: async () => {
      server = createServer((client) => {
        const upstream = connect(to.port, to.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise((resolve) => server!.close(resolve));
    },
  };
};

const readyz = async (port: number, headers: Record<string, string> = {}) => {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { headers });
  return { status: res.status, body: readinessSchema.parse(await res.json()) };
};

describe('the API waits for its database at start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(inject('testDb'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('logs that it waits while PostgreSQL refuses connections, and becomes ready once it answers', async () => {
    const [forwardPort, apiPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const forwarder = lateForwarder(forwardPort, postgres(database.url!));
    onTestFinished(() => forwarder.close());
    const url = new URL(database.url!);
    url.host = `127.0.0.1:${forwardPort}`;
    const child = spawnApi({
      DATABASE_URL: url.toString(),
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
      JOBS_ENABLED: 'false',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    onTestFinished(() => void child.kill('SIGKILL'));

    // Nothing listens on the forwarder's port: the API says it waits, and keeps waiting.
    await waitUntil(
      () => Promise.resolve(output.includes('waiting for PostgreSQL')),
      60_000,
      `a waiting line:\n${output}`,
    );
    const waiting = output.split('\n').find((line) => line.includes('waiting for PostgreSQL'))!;
    expect(JSON.parse(waiting)).toMatchObject({ level: 40, msg: expect.stringMatching(/ECONNREFUSED/) });
    // Its metrics port answers meanwhile: not ready, starting.
    const starting = await readyz(metricsPort);
    expect(starting.status).toBe(503);
    expect(starting.body.checks?.app?.detail).toMatch(/^starting/);
    await new Promise((resolve) => setTimeout(resolve, 9000));
    expect(child.exitCode).toBeNull();
    expect(output.match(/waiting for PostgreSQL/g)?.length).toBeGreaterThanOrEqual(2);
    expect(output).toMatch(
      /waiting for PostgreSQL at DATABASE_URL \(connect ECONNREFUSED [\d.:]+\): \d+ s so far; trying again/,
    );

    const opened = Date.now();
    await forwarder.open();
    await waitUntil(
      async () => (await readyz(apiPort)).status === 200,
      30_000,
      `the API to become ready:\n${output}`,
    );
    const readyAfterMs = Date.now() - opened;
    expect(output).toMatch(/PostgreSQL answered after \d+ s: starting/);
    expect((await readyz(metricsPort)).body.checks?.database?.status).toBe('up');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    console.info(`ready ${readyAfterMs} ms after the database answered`);
  }, 120_000);

  it('exits at once, naming DATABASE_URL, when the database does not exist (no wait mends that)', async () => {
    const url = new URL(database.url!);
    url.pathname = '/proxydesk_no_such_database';
    const child = spawnApi({ DATABASE_URL: url.toString(), PORT: '0' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^Cannot start: PostgreSQL at DATABASE_URL refuses the connection \(database "proxydesk_no_such_database" does not exist\): check DATABASE_URL\.\n$/,
    );
  }, 120_000);
});

/**
 * The gateway children of a process, by `ps`: by their command line, since the shop run from sources has another
 * child too (tsx's esbuild service), which must not be taken for the gateway.
 */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /apps\/gateway\/(src|dist)\/server\./.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((child) => child > 0);

describe("npm start's gateway child on PostgreSQL", () => {
  let database: TestDatabase;
  let shop: ShopProcess;
  let ports: ShopPorts;

  beforeAll(async () => {
    database = await openTestDatabase(inject('testDb'));
    ({ shop, ports } = await startShopOnPostgres(database.url!, {
      LOG_LEVEL: 'info',
      GATEWAY_ACCESS_LOG: 'off',
      // Dead for 5 s before its restart: long enough for /readyz to be seen saying so on a busy machine.
      GATEWAY_RESTART_SECONDS: '5',
      JOBS_ENABLED: 'false',
    }));
    await waitUntil(
      async () => (await readyz(ports.api)).status === 200,
      90_000,
      `the shop to be ready:\n${shop.output()}`,
    );
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await database?.close();
  });

  const gatewayCheck = async () => (await readyz(ports.api)).body.checks?.gateway;

  it('/readyz reports the gateway: its process, its snapshot; the world gets the bare status', async () => {
    const { status, body } = await readyz(ports.api);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.checks?.gateway).toMatchObject({ status: 'up', required: true });
    expect(body.checks?.gateway?.detail).toMatch(
      /^its own process \d+ \(restarted 0 times\); snapshot [\d.]+ s old; 0 connections open$/,
    );
    // Through a proxy on this machine: only the status.
    expect((await readyz(ports.api, { 'x-forwarded-for': '203.0.113.9' })).body).toEqual({ status: 'ok' });
  });

  it('restarts the gateway after kill -9, logs its death, and /readyz says it is down meanwhile', async () => {
    const [gatewayPid] = childrenOf(shop.child.pid!);
    expect(gatewayPid).toBeGreaterThan(0);
    process.kill(gatewayPid!, 'SIGKILL');
    // Until it is restarted (5 s later), /readyz names the death: 503, the gateway down, how and when.
    const killed = new RegExp(`^its process ${gatewayPid} was killed by SIGKILL at .*; restarting it at `);
    let down = await readyz(ports.api);
    await waitUntil(
      async () => killed.test((down = await readyz(ports.api)).body.checks?.gateway?.detail ?? ''),
      4000,
      'a /readyz that names the death',
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', checks: { gateway: { status: 'down' } } });
    await waitUntil(
      async () => (await gatewayCheck())?.status === 'up',
      60_000,
      `the gateway to come back:\n${shop.output()}`,
    );
    expect(shop.output()).toMatch(
      new RegExp(`gateway process ${gatewayPid} was killed by SIGKILL after [\\d.]+ s; restarting it in 5 s`),
    );
    expect(shop.output()).toMatch(/gateway process started again \(pid \d+, restart 1\)/);
    expect((await gatewayCheck())?.detail).toMatch(/^its own process \d+ \(restarted 1 times\)/);
    expect((await fetch(`http://127.0.0.1:${ports.metrics}/healthz`)).status).toBe(200);
    expect(shop.child.exitCode).toBeNull();
  }, 90_000);

  it('SIGTERM ends the shop and its gateway within 10 s', async () => {
    const [gatewayPid] = childrenOf(shop.child.pid!);
    expect(isAlive(gatewayPid!)).toBe(true);
    const started = Date.now();
    const code = await shop.stop();
    const tookMs = Date.now() - started;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(isAlive(gatewayPid!)).toBe(false);
    console.info(`SIGTERM to exit: ${tookMs} ms`);
  }, 30_000);
});
