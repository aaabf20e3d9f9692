import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { demoStandIn } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  httpConnect,
  httpGetViaProxy,
  readBytes,
  seedCustomer,
  socksConnect,
  startTestGateway,
  usageOf,
  useGatewayTestbed,
} from '../../../test-support/gateway.js';
import { freePort } from '../../../test-support/ports.js';
import type { RunningGateway } from '../src/gateway.js';

const bed = useGatewayTestbed({ gateway: false });

describe('not an open door (issue #6 §6)', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startTestGateway(bed.database.db, { GATEWAY_ALLOW_PRIVATE_TARGETS: 'false' });
  });
  afterAll(() => gateway.close());

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback by name', 'localhost'],
    ['another loopback', '127.1.2.3'],
    ['IPv6 loopback', '[::1]'],
    ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
    ['unspecified', '0.0.0.0'],
    ['private', '10.0.0.1'],
    ['private', '192.168.1.1'],
    ['link-local metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['IPv6 unique local', '[fd00::1]'],
    ['IPv4-compatible loopback', '[::7f00:1]'],
    ['IPv4-mapped loopback in hex', '[::ffff:7f00:1]'],
    ['IPv4-compatible private', '[::a00:1]'],
    ['6to4 of loopback', '[2002:7f00:1::]'],
    ['NAT64 of loopback', '[64:ff9b::7f00:1]'],
  ])('refuses %s targets (%s) on every protocol, with nothing sent', async (_kind, host) => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();
    const reached = bed.target.connections.length;
    const connected = await httpConnect(gateway.port, `${host}:${bed.target.port}`, customer);
    expect([connected.status, connected.body]).toEqual([
      403,
      'This target is not allowed through the proxy\n',
    ]);
    expect((await httpGetViaProxy(gateway.port, `http://${host}:${bed.target.port}/`, customer)).status).toBe(
      403,
    );
    await expect(
      socksConnect(gateway.port, { host: host.replace(/^\[|\]$/g, ''), port: bed.target.port }, customer),
    ).rejects.toThrow(/NotAllowed/);
    expect(bed.target.connections.length).toBe(reached);
  });

  it('refuses mail ports, wherever they are', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();
    for (const port of [25, 465, 587]) {
      expect((await httpConnect(gateway.port, `203.0.113.7:${port}`, customer)).status).toBe(403);
    }
  });
});

/**
 * A target that never answers: a listener in a process stopped before it accepts anything, its small queue
 * filled up. The kernel then drops further SYNs, so a connect waits for ever.
 */
const startSilentTarget = async () => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () { console.log(this.address().port) })",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  child.kill('SIGSTOP');
  // Connections the kernel completes on the stopped listener's behalf, until one is left waiting: full.
  const fillers: Socket[] = [];
  for (let full = false; !full && fillers.length < 16;) {
    const filler = connect(port, '127.0.0.1');
    filler.on('error', () => undefined);
    fillers.push(filler);
    full = !(await Promise.race([
      once(filler, 'connect').then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 300)),
    ]));
  }
  return {
    port,
    stop: () => {
      for (const filler of fillers) filler.destroy();
      child.kill('SIGKILL');
    },
  };
};

describe('a target that does not answer', () => {
  it('is answered 504 after the handshake time, on every protocol, and counts nothing', async () => {
    const silent = await startSilentTarget();
    const gateway = await startTestGateway(bed.database.db, { GATEWAY_HANDSHAKE_SECONDS: '0.5' });
    try {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await gateway.sync();
      const started = Date.now();
      const connected = await httpConnect(gateway.port, `127.0.0.1:${silent.port}`, customer);
      expect(connected).toMatchObject({ status: 504, body: 'The target did not answer in time\n' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(
        socksConnect(gateway.port, { host: '127.0.0.1', port: silent.port }, customer),
      ).rejects.toThrow(/TTLExpired/);
      expect(await httpGetViaProxy(gateway.port, `http://127.0.0.1:${silent.port}/`, customer)).toMatchObject(
        { status: 504 },
      );
      await gateway.sync();
      expect((await usageOf(bed.database.db, customer.userId)).rows).toEqual([]);
      expect(gateway.openConnections()).toBe(0);
    } finally {
      await gateway.close();
      silent.stop();
    }
  });
});

describe('datacenter and IPv6 addresses, by whitelisted IP (issue #6 §2)', () => {
  let gateway: RunningGateway;
  let poolPort: number;
  let customer: Awaited<ReturnType<typeof seedCustomer>>;

  beforeAll(async () => {
    // A pool of this test's own on ports of its own: a real address this machine has (127.0.10.1) and one of the
    // demo pool's documentation addresses (192.0.2.1, answered at its stand-in 127.0.2.1, issue #19).
    poolPort = await freePort();
    await bed.database.db
      .update(schema.proxyPool)
      .set({ port: poolPort })
      .where(eq(schema.proxyPool.productType, 'PR_4'));
    await bed.database.db
      .update(schema.proxyPool)
      .set({ port: await freePort() })
      .where(eq(schema.proxyPool.productType, 'PR_5'));
    const [real] = await bed.database.db
      .insert(schema.proxyPool)
      .values({ productType: 'PR_4', address: '127.0.10.1', port: poolPort })
      .returning();
    const [demo] = await bed.database.db
      .select()
      .from(schema.proxyPool)
      .where(and(eq(schema.proxyPool.address, '192.0.2.1'), eq(schema.proxyPool.productType, 'PR_4')));
    customer = await seedCustomer(bed.database.db, { product: 'PR_4', dataGb: null, ipAmount: 2 });
    await bed.database.db.insert(schema.poolAssignments).values([
      { poolId: real!.id, customerPlanId: customer.planId },
      { poolId: demo!.id, customerPlanId: customer.planId },
    ]);
    await bed.database.db
      .insert(schema.whitelistedIps)
      .values({ customerPlanId: customer.planId, ip: '127.0.0.1' });
    gateway = await startTestGateway(bed.database.db, { GATEWAY_POOL_LISTEN: 'true', GATEWAY_HOST: '' });
  });
  afterAll(() => gateway.close());

  it('listens on the pool’s ports', () => {
    expect(gateway.poolPorts()).toContain(poolPort);
  });

  it('lets a whitelisted IP in without credentials, and sends from the pool address', async () => {
    const connected = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: '127.0.10.1',
    });
    expect(connected.status).toBe(200);
    connected.socket.write('SEND 1000\n');
    await readBytes(connected.socket, 1000);
    connected.socket.end();
    await once(connected.socket, 'close');
    const seen = bed.target.connections.at(-1)!;
    await seen.closed;
    expect(seen.remoteAddress).toBe('127.0.10.1');

    const socks = await socksConnect(
      poolPort,
      { host: '127.0.0.1', port: bed.target.port },
      undefined,
      '127.0.10.1',
    );
    socks.socket.write('SEND 10\n');
    await readBytes(socks.socket, 10);
    socks.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await gateway.sync();
    const usage = await usageOf(bed.database.db, customer.userId);
    expect(usage.down).toBe(1010);
    expect(usage.rows.every((row) => row.productType === 'PR_4')).toBe(true);
  });

  it('answers a demo pool address at its loopback stand-in, sending from the machine’s own address', async () => {
    const connected = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: demoStandIn('192.0.2.1')!,
    });
    expect(connected.status).toBe(200);
    connected.socket.write('SEND 10\n');
    await readBytes(connected.socket, 10);
    connected.socket.destroy();
    const seen = bed.target.connections.at(-1)!;
    await seen.closed;
    expect(seen.remoteAddress).toBe('127.0.0.1');
  });

  it('refuses an IP that is not whitelisted, and an address nobody has', async () => {
    const stranger = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: '127.0.10.1',
      from: '127.0.0.2',
    });
    expect([stranger.status, stranger.body]).toEqual([
      403,
      'Your IP 127.0.0.2 is not whitelisted for this proxy\n',
    ]);
    const unused = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: '127.0.2.2',
    });
    expect([unused.status, unused.body]).toEqual([403, 'This proxy address is not in use\n']);
  });

  it('follows whitelist edits: a removed IP is refused and its tunnels closed within one sync', async () => {
    const open = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: '127.0.10.1',
    });
    expect(open.status).toBe(200);
    await bed.database.db
      .delete(schema.whitelistedIps)
      .where(eq(schema.whitelistedIps.customerPlanId, customer.planId));
    const closed = once(open.socket, 'close');
    await gateway.sync();
    await closed;
    expect(
      (await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, { proxyHost: '127.0.10.1' }))
        .status,
    ).toBe(403);
    await bed.database.db
      .insert(schema.whitelistedIps)
      .values({ customerPlanId: customer.planId, ip: '127.0.0.2' });
    await gateway.sync();
    const added = await httpConnect(poolPort, `127.0.0.1:${bed.target.port}`, undefined, {
      proxyHost: '127.0.10.1',
      from: '127.0.0.2',
    });
    expect(added.status).toBe(200);
    added.socket.destroy();
  });
});

/** A stand-in for a residential network's entry proxy: records usernames, answers CONNECT. */
const startUpstream = async (password: string) => {
  const usernames: string[] = [];
  const server: Server = createServer((client: Socket) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      client.off('data', onData);
      client.pause();
      const auth = /proxy-authorization: basic (\S+)/i.exec(head)?.[1];
      const [user, pass] = Buffer.from(auth ?? '', 'base64')
        .toString()
        .split(':');
      usernames.push(user ?? '');
      if (pass !== password) return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      const [method, where] = head.split(' ');
      if (method !== 'CONNECT') return void client.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
      const [host, port] = where!.split(':');
      const onward = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        const rest = head.slice(end + 4);
        if (rest) onward.write(rest, 'latin1');
        client.pipe(onward).pipe(client);
      });
      onward.on('error', () => client.destroy());
    };
    client.on('data', onData);
    client.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    usernames,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/**
 * Runs `test` with a gateway whose premium lines (PR_6) go out through an upstream that takes `password` (the
 * gateway is given `upsecret`), and closes both afterwards.
 */
const withPremiumUpstream = async (
  password: string,
  test: (gateway: RunningGateway, upstream: Upstream) => Promise<void>,
) => {
  const upstream = await startUpstream(password);
  const gateway = await startTestGateway(bed.database.db, {
    GATEWAY_UPSTREAM_PR_6: `http://net-user:upsecret@127.0.0.1:${upstream.port}`,
  });
  try {
    await test(gateway, upstream);
  } finally {
    await gateway.close();
    await upstream.close();
  }
};

describe('egress through an upstream per product (issue #6 §5)', () => {
  it('chains premium lines through the upstream with the options in its username, and keeps sticky sessions', async () => {
    await withPremiumUpstream('upsecret', async (gateway, upstream) => {
      const alice = await seedCustomer(bed.database.db, { product: 'PR_6' });
      const bob = await seedCustomer(bed.database.db, { product: 'PR_6' });
      const isp = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await gateway.sync();
      const through = async (who: { username: string; password: string }, options: string) => {
        const connected = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, {
          ...who,
          password: `${who.password}${options}`,
        });
        expect(connected.status).toBe(200);
        connected.socket.write('SEND 2000\n');
        await readBytes(connected.socket, 2000);
        connected.socket.end();
        await once(connected.socket, 'close');
        return upstream.usernames.at(-1);
      };
      const sticky = await through(alice, '_country-us_city-newyork_session-abcdefgh');
      // The session's lifetime goes with it, in minutes: the customer's (issue #31 item 5) or the default 10.
      expect(sticky).toMatch(/^net-user-country-us-city-newyork-session-[0-9a-f]{16}-lifetime-10m$/);
      expect(await through(alice, '_country-us_city-newyork_session-abcdefgh')).toBe(sticky);
      expect(await through(alice, '_country-us_city-newyork_session-abcdefgh_lifetime-2h')).toBe(
        sticky!.replace(/10m$/, '120m'),
      );
      expect(await through(alice, '_country-us_city-newyork_session-zzzzzzzz')).not.toBe(sticky);
      expect(await through(bob, '_country-us_city-newyork_session-abcdefgh')).not.toBe(sticky);
      expect(await through(alice, '_country-de')).toBe('net-user-country-de');
      expect(await through(alice, '')).toBe('net-user');

      // The upstream's handshake is not the customer's traffic: usage is the tunnel's bytes only.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await gateway.sync();
      expect((await usageOf(bed.database.db, alice.userId)).down).toBe(6 * 2000);

      // Plain HTTP goes through the upstream too, tunnelled, and the target sees an ordinary request.
      const site = createHttpServer((req, res) => res.end(`site got ${req.url}`));
      site.listen(0, '127.0.0.1');
      await once(site, 'listening');
      const sitePort = (site.address() as AddressInfo).port;
      const plain = await httpGetViaProxy(gateway.port, `http://127.0.0.1:${sitePort}/page?x=1`, {
        ...alice,
        password: `${alice.password}_country-us`,
      });
      expect(plain).toMatchObject({ status: 200, body: 'site got /page?x=1' });
      expect(upstream.usernames.at(-1)).toBe('net-user-country-us');
      site.close();

      // ISP has no upstream configured: it goes straight out.
      const seen = upstream.usernames.length;
      const direct = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, isp);
      expect(direct.status).toBe(200);
      direct.socket.destroy();
      expect(upstream.usernames.length).toBe(seen);
    });
  });

  it('answers 502 when the upstream refuses, and counts nothing', async () => {
    await withPremiumUpstream('other', async (gateway) => {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_6' });
      await gateway.sync();
      const connected = await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, customer);
      expect(connected.status).toBe(502);
      await gateway.sync();
      expect((await usageOf(bed.database.db, customer.userId)).rows).toEqual([]);
    });
  });
});

describe('health and metrics on a local port (issue #6 §7)', () => {
  it('answers /healthz and Prometheus /metrics', async () => {
    const gateway = await startTestGateway(bed.database.db);
    try {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await gateway.sync();
      (
        await httpConnect(gateway.port, `127.0.0.1:${bed.target.port}`, { ...customer, password: 'wrong' })
      ).socket.destroy();
      const health = await fetch(`http://127.0.0.1:${gateway.metricsPort}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', openConnections: 0 });
      const metrics = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
      expect(metrics).toContain('gateway_connections_total{protocol="http-connect",outcome="credentials"} 1');
      expect(metrics).toMatch(/gateway_snapshot_age_seconds \d/);
    } finally {
      await gateway.close();
    }
  });

  it('stays alive (/healthz 200) while it serves from a stale snapshot: the age is a detail and a metric', async () => {
    const gateway = await startTestGateway(bed.database.db);
    try {
      // Ten hours of syncs (GATEWAY_SYNC_SECONDS 3600) without a re-read: as if the database had not answered.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11 * 3_600_000);
      const health = await fetch(`http://127.0.0.1:${gateway.metricsPort}/healthz`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as { status: string; stale: boolean; snapshotAgeSeconds: number };
      expect(body).toMatchObject({ status: 'ok', stale: true });
      expect(body.snapshotAgeSeconds).toBeGreaterThanOrEqual(11 * 3600);
      const metrics = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
      expect(Number(/^gateway_snapshot_age_seconds ([\d.]+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(
        11 * 3600,
      );
    } finally {
      vi.useRealTimers();
      await gateway.close();
    }
  });
});
