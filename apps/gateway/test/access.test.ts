import { once } from 'node:events';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { expireEndedPlans, recordUsage, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  httpConnect,
  httpGetViaProxy,
  seedCustomer,
  socksConnect,
  startTestGateway,
  usageOf,
  useGatewayTestbed,
} from '../../../test-support/gateway.js';

const bed = useGatewayTestbed();

const GB = 1024 ** 3;

/**
 * A refused customer: CONNECT answers `status` with `reason`, SOCKS5 fails with `socksError`, plain HTTP answers
 * `status` too, and not one byte reaches the target or the usage table.
 */
const expectRefused = async (
  credentials: { username: string; password: string } | undefined,
  status: number,
  reason: string,
  socksError: RegExp,
  userId?: string,
) => {
  const reached = bed.target.connections.length;
  const connected = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, credentials);
  expect([connected.status, connected.body]).toEqual([status, `${reason}\n`]);
  expect(connected.body).toBe(`${reason}\n`);
  connected.socket.destroy();
  const plain = await httpGetViaProxy(bed.gateway.port, `http://127.0.0.1:${bed.target.port}/`, credentials);
  expect(plain.status).toBe(status);
  if (status === 407) expect(plain.headers['proxy-authenticate']).toBe('Basic realm="proxy"');
  await expect(
    socksConnect(
      bed.gateway.port,
      { host: '127.0.0.1', port: bed.target.port },
      credentials ?? { username: 'nobody', password: 'x' },
    ),
  ).rejects.toThrow(socksError);
  expect(bed.target.connections.length).toBe(reached);
  if (userId) {
    await bed.gateway.sync();
    expect((await usageOf(bed.database.db, userId)).rows).toEqual([]);
  }
};

const SOCKS_AUTH_FAILED = /Authentication failed/i;
const SOCKS_NOT_ALLOWED = /NotAllowed/;

describe('who may use the gateway (issue #6 §3)', () => {
  it('asks for credentials, and refuses wrong ones with 407', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await expectRefused(undefined, 407, 'Proxy authentication required', SOCKS_AUTH_FAILED);
    await expectRefused(
      { username: customer.username, password: 'wrong' },
      407,
      'Wrong proxy username or password',
      SOCKS_AUTH_FAILED,
      customer.userId,
    );
    await expectRefused(
      { username: customer.proxyUsername, password: customer.password },
      407,
      'Wrong proxy username or password',
      SOCKS_AUTH_FAILED,
    );
    await expectRefused(
      { username: `${customer.proxyUsername}-nope`, password: customer.password },
      407,
      'Wrong proxy username or password',
      SOCKS_AUTH_FAILED,
    );
    // Another customer's password is a wrong password.
    const other = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await expectRefused(
      { username: customer.username, password: other.password },
      407,
      'Wrong proxy username or password',
      SOCKS_AUTH_FAILED,
    );
  });

  it('refuses malformed or unknown options in the password, never guessing', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_6' });
    const planless = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    // Without a plan of the product the options are checked all the same, once the password is right.
    await expectRefused(
      { username: `${planless.proxyUsername}-premium`, password: `${planless.password}_country-zz` },
      407,
      'Unknown country "zz" in the proxy password',
      SOCKS_AUTH_FAILED,
    );
    const as = (suffix: string) => ({
      username: customer.username,
      password: `${customer.password}${suffix}`,
    });
    for (const suffix of [
      '_country',
      '_country-us_country-de',
      '_colour-red',
      '_session-ABCDEFGH',
      '_session-abc',
      '_city-newyork',
      '_country-us__isp-x',
    ]) {
      await expectRefused(as(suffix), 407, 'Malformed options in the proxy password', SOCKS_AUTH_FAILED);
    }
    await expectRefused(
      as('_country-zz'),
      407,
      'Unknown country "zz" in the proxy password',
      SOCKS_AUTH_FAILED,
    );
    await expectRefused(
      as('_country-us_city-paris'),
      407,
      'Unknown city "paris" in the proxy password',
      SOCKS_AUTH_FAILED,
    );
    await expectRefused(
      as('_country-us_city-newyork_isp-orange'),
      407,
      'Unknown ISP "orange" in the proxy password',
      SOCKS_AUTH_FAILED,
      customer.userId,
    );
  });

  it('refuses a customer with no plan of that product, or an expired one, with 403', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await expectRefused(
      { username: `${customer.proxyUsername}-premium`, password: customer.password },
      403,
      'You have no active Premium Residential plan: buy one first',
      SOCKS_NOT_ALLOWED,
    );
    const expired = await seedCustomer(bed.database.db, {
      product: 'PR_6',
      expiresAt: new Date(Date.now() - 60_000),
    });
    // Past its end, and once the lifecycle job has marked it expired (issue #16 §3): the same answer.
    for (const markExpired of [false, true]) {
      if (markExpired) expect(await expireEndedPlans(bed.database.db)).toContain(expired.planId);
      await bed.gateway.sync();
      await expectRefused(
        expired,
        403,
        'Your Premium Residential plan has expired: renew it',
        SOCKS_NOT_ALLOWED,
        expired.userId,
      );
    }
  });

  it('refuses a customer whose data is used up with 402', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2', dataGb: 1 });
    await recordUsage(bed.database.db, {
      planId: customer.planId,
      userId: customer.userId,
      productType: 'PR_2',
      bucket: new Date(),
      bytesUp: GB / 2,
      bytesDown: GB / 2,
    });
    await bed.gateway.sync();
    await expectRefused(customer, 402, 'No data left on your ISP plan: buy more GB', SOCKS_NOT_ALLOWED);
  });

  it('refuses a deactivated customer with 403, and follows it within one sync', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    const open = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    expect(open.status).toBe(200);
    await bed.database.db
      .update(schema.users)
      .set({ isActive: false })
      .where(eq(schema.users.id, customer.userId));
    const closed = once(open.socket, 'close');
    await bed.gateway.sync();
    await closed;
    await expectRefused(customer, 403, 'Account deactivated', SOCKS_NOT_ALLOWED);
  });

  it('follows a password change without a restart: the old one is refused and its tunnels closed', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    const open = await socksConnect(bed.gateway.port, { host: '127.0.0.1', port: bed.target.port }, customer);
    await bed.database.db
      .update(schema.users)
      .set({ proxyPassword: 'brandnewsecret1' })
      .where(eq(schema.users.id, customer.userId));
    const closed = once(open.socket, 'close');
    await bed.gateway.sync();
    await closed;
    await expectRefused(customer, 407, 'Wrong proxy username or password', SOCKS_AUTH_FAILED);
    expect(
      (
        await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, {
          username: customer.username,
          password: 'brandnewsecret1',
        })
      ).status,
    ).toBe(200);
  });

  it('caps each customer’s open connections (429 / SOCKS refusal) without touching others', async () => {
    const capped = await startTestGateway(bed.database.db, { GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER: '2' });
    try {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      const other = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await capped.sync();
      const first = await httpConnect(capped.port, `127.0.0.1:${bed.target.port}`, customer);
      const second = await socksConnect(capped.port, { host: '127.0.0.1', port: bed.target.port }, customer);
      const third = await httpConnect(capped.port, `127.0.0.1:${bed.target.port}`, customer);
      expect([first.status, third.status, third.body]).toEqual([
        200,
        429,
        'Too many open connections (at most 2)\n',
      ]);
      await expect(
        socksConnect(capped.port, { host: '127.0.0.1', port: bed.target.port }, customer),
      ).rejects.toThrow(SOCKS_NOT_ALLOWED);
      expect((await httpConnect(capped.port, `127.0.0.1:${bed.target.port}`, other)).status).toBe(200);
      // A closed connection frees its place.
      const closed = once(second.socket, 'close');
      second.socket.destroy();
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await httpConnect(capped.port, `127.0.0.1:${bed.target.port}`, customer)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('lets go of refused connections at once, not after the handshake time', async () => {
    const own = await startTestGateway(bed.database.db);
    try {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await own.sync();
      const started = Date.now();
      const refused = await httpConnect(own.port, `127.0.0.1:${bed.target.port}`, {
        ...customer,
        password: 'wrong',
      });
      expect(refused.status).toBe(407);
      await expect(socksConnect(own.port, { host: '127.0.0.1', port: 25 }, customer)).rejects.toThrow(
        /NotAllowed/,
      );
      await expect(
        socksConnect(own.port, { host: '127.0.0.1', port: 80 }, { ...customer, password: 'wrong' }),
      ).rejects.toThrow(/Authentication/);
      for (let i = 0; i < 50 && own.openSockets() > 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(own.openSockets()).toBe(0);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await own.close();
    }
  });

  it('closes idle tunnels, and half-open ones whose other side never finishes', async () => {
    const quick = await startTestGateway(bed.database.db, { GATEWAY_IDLE_SECONDS: '0.5' });
    try {
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await quick.sync();
      const started = Date.now();
      const idle = await httpConnect(quick.port, `127.0.0.1:${bed.target.port}`, customer);
      expect(idle.status).toBe(200);
      await once(idle.socket, 'close');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The customer ends its side; a target that keeps its own open and silent: the gateway lets go of both
      // after the idle time (the target learns it when it next writes).
      const stubborn = createNetServer({ allowHalfOpen: true }, (socket) => socket.resume());
      stubborn.listen(0, '127.0.0.1');
      await once(stubborn, 'listening');
      const halfOpen = await socksConnect(
        quick.port,
        { host: '127.0.0.1', port: (stubborn.address() as AddressInfo).port },
        customer,
      );
      halfOpen.socket.on('error', () => undefined);
      halfOpen.socket.end();
      expect(quick.openConnections()).toBe(1);
      for (let i = 0; i < 100 && quick.openConnections() > 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(quick.openConnections()).toBe(0);
      stubborn.close();
    } finally {
      await quick.close();
    }
  });

  it('drops garbage, oversize and slow handshakes without falling over', async () => {
    const strict = await startTestGateway(bed.database.db, { GATEWAY_HANDSHAKE_SECONDS: '0.5' });
    try {
      const reached = bed.target.connections.length;
      const raw = async (payload: Buffer | string) => {
        const socket = connect(strict.port, '127.0.0.1');
        await once(socket, 'connect');
        socket.on('error', () => undefined);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        if (payload.length > 0) socket.write(payload);
        await once(socket, 'close');
        return Buffer.concat(chunks);
      };
      expect((await raw(Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff]))).toString()).toMatch(/^HTTP\/1\.1 400/);
      expect(
        (
          await raw(
            `GET http://127.0.0.1:${bed.target.port}/ HTTP/1.1\r\nX-Big: ${'a'.repeat(32_000)}\r\n\r\n`,
          )
        ).toString(),
      ).toMatch(/^HTTP\/1\.1 (400|431)/);
      // SOCKS5: no methods, a bad version after the greeting, an oversize greeting.
      expect((await raw(Buffer.from([0x05, 0x00]))).length).toBe(0);
      expect([...(await raw(Buffer.from([0x05, 0x01, 0x00])))]).toEqual([0x05, 0xff]);
      expect(
        (await raw(Buffer.concat([Buffer.from([0x05, 0xff]), Buffer.alloc(2000, 0x02)]))).length,
      ).toBeLessThanOrEqual(2);
      // Slow-loris: half a request head, then nothing: closed after the handshake time.
      const started = Date.now();
      await raw(`CONNECT 127.0.0.1:${bed.target.port} HTTP/1.1\r\nHost: x\r\n`);
      expect(Date.now() - started).toBeLessThan(5_000);
      // Silent: says nothing at all.
      await raw('');
      expect(bed.target.connections.length).toBe(reached);
      expect(strict.openConnections()).toBe(0);
      // Still serving after all that.
      const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
      await strict.sync();
      expect((await httpConnect(strict.port, `127.0.0.1:${bed.target.port}`, customer)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
