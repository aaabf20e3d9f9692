// The gateway's metrics and access log (issue #14 §5), and a taken port naming its setting (§8).
import { once } from 'node:events';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpConnect,
  readBytes,
  seedCustomer,
  socksConnect,
  startTestGateway,
  useGatewayTestbed,
  type SeededCustomer,
} from '../../../test-support/gateway.js';
import type { AccessEntry } from '../src/access-log.js';
import type { RunningGateway } from '../src/gateway.js';

const bed = useGatewayTestbed({ gateway: false });

/** The access log's lines so far (the file may not exist yet: lines are written in the background). */
const linesOf = async (file: string): Promise<AccessEntry[]> => {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AccessEntry);
};

/** Waits until the access log has `count` lines (at most 10 s) and answers them. */
const waitForLines = async (file: string, count: number): Promise<AccessEntry[]> => {
  for (const deadline = Date.now() + 10_000; ;) {
    const lines = await linesOf(file);
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('metrics and the access log after a tunnel and a refusal', () => {
  let gateway: RunningGateway;
  let customer: SeededCustomer;
  let logFile: string;
  const scrape = async () => (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();

  beforeAll(async () => {
    logFile = join(await mkdtemp(join(tmpdir(), 'proxydesk-access-')), 'access.log');
    gateway = await startTestGateway(bed.database.db, { GATEWAY_ACCESS_LOG: logFile });
    customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();

    const before = bed.target.connections.length;
    const tunnel = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    expect(tunnel.status).toBe(200);
    tunnel.socket.write('SEND 1000\n');
    expect((await readBytes(tunnel.socket, 1000)).length).toBe(1000);
    tunnel.socket.end();
    await bed.target.connections[before]!.closed;
    await once(tunnel.socket, 'close');

    const refused = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, {
      ...customer,
      password: 'wrong',
    });
    expect(refused.status).toBe(407);
    refused.socket.destroy();
    expect(await waitForLines(logFile, 2)).toHaveLength(2);
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(join(logFile, '..'), { recursive: true, force: true });
  });

  it('writes one JSON line per finished connection: who, from where, to where, how much, how long, how it ended', async () => {
    const [ok, refused] = await linesOf(logFile);
    expect(ok).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      customer: customer.userId,
      product: 'PR_2',
      source: '127.0.0.1',
      target: `127.0.0.1:${bed.target.port}`,
      egress: '127.0.0.1',
      protocol: 'http-connect',
      up: 'SEND 1000\n'.length,
      down: 1000,
      durationMs: expect.any(Number),
      outcome: 'ok',
    });
    expect(Date.now() - Date.parse(ok!.time)).toBeLessThan(60_000);
    expect(refused).toEqual({
      time: expect.any(String),
      source: '127.0.0.1',
      target: `127.0.0.1:${bed.target.port}`,
      protocol: 'http-connect',
      up: 0,
      down: 0,
      durationMs: expect.any(Number),
      outcome: 'credentials',
      reason: 'Wrong proxy username or password',
    });
  });

  it('/metrics has process figures, bytes and connections per product, handshake, target and sync times', async () => {
    await gateway.sync();
    const text = await scrape();
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toContain('gateway_bytes_total{product="PR_2",direction="up"} 10\n');
    expect(text).toContain('gateway_bytes_total{product="PR_2",direction="down"} 1000\n');
    expect(text).toContain('gateway_product_connections_total{product="PR_2"} 1\n');
    expect(text).toContain('gateway_handshake_seconds_count{protocol="http-connect"} 1\n');
    expect(text).toContain('gateway_upstream_connect_seconds_count{product="PR_2"} 1\n');
    expect(text).toMatch(/^gateway_sync_seconds_count [1-9]/m);
    expect(text).toContain('gateway_connections_total{protocol="http-connect",outcome="credentials"} 1\n');
  });

  it('names the customer and the target of a refusal after authentication (SOCKS5 to a mail port)', async () => {
    await expect(socksConnect(gateway.port, { host: '127.0.0.1', port: 25 }, customer)).rejects.toThrow();
    expect(await waitForLines(logFile, 3)).toHaveLength(3);
    expect((await linesOf(logFile))[2]).toEqual({
      time: expect.any(String),
      customer: customer.userId,
      product: 'PR_2',
      source: '127.0.0.1',
      target: '127.0.0.1:25',
      protocol: 'socks5',
      up: 0,
      down: 0,
      durationMs: expect.any(Number),
      outcome: 'target',
      reason: 'This target is not allowed through the proxy',
    });
  });

  it('names the customer of a refusal on their own plan (no data left), before any target', async () => {
    const spent = await seedCustomer(bed.database.db, { product: 'PR_2', dataGb: 0 });
    await gateway.sync();
    const refused = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, spent);
    expect(refused.status).toBe(402);
    refused.socket.destroy();
    expect(await waitForLines(logFile, 4)).toHaveLength(4);
    expect((await linesOf(logFile))[3]).toMatchObject({
      customer: spent.userId,
      product: 'PR_2',
      outcome: 'payment',
      reason: 'No data left on your ISP plan: buy more GB',
    });
  });

  it('reopens the file on SIGHUP, after log rotation renamed it', async () => {
    await rename(logFile, `${logFile}.1`);
    process.emit('SIGHUP', 'SIGHUP');
    (await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`)).socket.destroy();
    expect(await waitForLines(logFile, 1)).toHaveLength(1);
    expect((await linesOf(logFile))[0]?.outcome).toBe('credentials');
    expect(await linesOf(`${logFile}.1`)).toHaveLength(4);
  });
});

describe('a port that is taken stops the start, naming its setting', () => {
  let taken: ReturnType<typeof createServer>;
  let port: number;
  beforeAll(async () => {
    taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    port = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it.each(['GATEWAY_METRICS_PORT', 'GATEWAY_PORT'])('%s', async (setting) => {
    await expect(startTestGateway(bed.database.db, { [setting]: String(port) })).rejects.toThrow(
      `${setting} ${port} on 127.0.0.1 is in use by another program: set ${setting} to a free port.`,
    );
  });
});
