// PostgreSQL only: the database of this file is taken away under a running shop process (issue #14 item 1).
import { createHash, randomBytes } from 'node:crypto';
import { DATABASE_UNAVAILABLE, insertSession } from '@proxydesk/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import {
  httpConnect,
  readBytes,
  seedCustomer,
  startTarget,
  usageOf,
  type SeededCustomer,
  type Target,
} from '../../../test-support/gateway.js';
import {
  startShopOnPostgres,
  takeDatabaseAway,
  waitUntil,
  type ShopPorts,
  type ShopProcess,
} from '../../../test-support/outage.js';

const OUTAGE_MS = 15_000;
const CHUNK = 64 * 1024;

describe('PostgreSQL away for 15 s under a running shop', () => {
  let database: TestDatabase;
  let target: Target;
  let shop: ShopProcess;
  let customer: SeededCustomer;
  let token: string;
  let ports: ShopPorts;

  beforeAll(async () => {
    database = await openTestDatabase(inject('testDb'));
    target = await startTarget();
    customer = await seedCustomer(database.db, { product: 'PR_2' });
    token = randomBytes(32).toString('hex');
    await insertSession(database.db, {
      userId: customer.userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
      ip: null,
      userAgent: null,
    });
    ({ shop, ports } = await startShopOnPostgres(database.url!, {
      LOG_LEVEL: 'warn',
      GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
    }));
    const healthy = (port: number) => () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200);
    await waitUntil(healthy(ports.api), 40_000, `the API to start:\n${shop.output()}`);
    await waitUntil(healthy(ports.metrics), 20_000, `the gateway to start:\n${shop.output()}`);
  }, 90_000);

  afterAll(async () => {
    await shop?.stop();
    await target?.close();
    await database?.close();
  });

  const dashboard = async () => {
    const res = await fetch(`http://127.0.0.1:${ports.api}/v1/user/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { detail?: string } };
  };

  /** One download through the shop's gateway: answers whether all of it came. */
  const download = async () => {
    const { status, socket } = await httpConnect(ports.gateway, `127.0.0.1:${target.port}`, customer);
    if (status !== 200) {
      socket.destroy();
      return false;
    }
    socket.write(`SEND ${CHUNK}\n`);
    const body = await readBytes(socket, CHUNK);
    socket.end();
    return body.length === CHUNK;
  };

  it('keeps every process alive, answers 200 or 503 {detail}, serves downloads, and counts every byte once', async () => {
    const answers: { at: number; status: number; detail?: string | undefined }[] = [];
    const downloads: { at: number; ok: boolean }[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        const { status, body } = await dashboard();
        answers.push({ at: Date.now(), status, detail: body.detail });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const fetcher = (async () => {
      while (running) {
        downloads.push({ at: Date.now(), ok: await download().catch(() => false) });
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const away = await takeDatabaseAway(database.url!);
    const wentAway = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await away.restore();
    const back = Date.now();
    await waitUntil(async () => (await dashboard()).status === 200, 5_000, 'the API to recover');
    const recoveredMs = Date.now() - back;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all([poll, fetcher]);

    // The API said "come back in a moment" while the database was away, and only that.
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]));
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.detail).toBe(DATABASE_UNAVAILABLE);
    }
    expect(answers.filter((a) => a.at > wentAway + 1000 && a.at < back).every((a) => a.status === 503)).toBe(
      true,
    );
    expect(recoveredMs).toBeLessThan(5_000);
    // The gateway served from its last snapshot all along.
    const during = downloads.filter((d) => d.at > wentAway && d.at < back);
    expect(during.length).toBeGreaterThan(10);
    expect(downloads.every((d) => d.ok)).toBe(true);

    // Every process is still there.
    expect(shop.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${ports.metrics}/healthz`)).status).toBe(200);
    expect(shop.output()).not.toMatch(/closing after an error|Unhandled|uncaught/i);

    // Usage written once the database is back equals the bytes moved, exactly.
    await Promise.all(target.connections.map((c) => c.closed));
    const moved = {
      up: target.connections.reduce((sum, c) => sum + c.received, 0),
      down: target.connections.reduce((sum, c) => sum + c.sent, 0),
    };
    expect(moved.down).toBe(downloads.length * CHUNK);
    await waitUntil(
      async () => {
        const used = await usageOf(database.db, customer.userId);
        return used.up === moved.up && used.down === moved.down;
      },
      10_000,
      'the usage to be written',
    );
    // And stays so: a batch retried after an unclear failure is not counted again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const used = await usageOf(database.db, customer.userId);
    expect({ up: used.up, down: used.down }).toEqual(moved);
  }, 60_000);
});
