import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { recordUsageBatch, schema, usedGb } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

const bed = useGatewayTestbed();

const usedBytes = async (planId: string) => (await usedGb(bed.database.db, planId)) * 1024 ** 3;

/** Sends `upload` bytes and a request for `download` bytes through a tunnel, reads them all, closes. */
const transfer = async (socket: Socket, upload: number, download: number) => {
  socket.write(Buffer.alloc(upload, 0x61));
  socket.write(`SEND ${download}\n`);
  expect((await readBytes(socket, download)).length).toBe(download);
  socket.end();
  await once(socket, 'close');
  const seen = bed.target.connections.at(-1)!;
  await seen.closed;
  return seen;
};

/** Waits until the gateway has let go of every connection (their last bytes are counted on close). */
const settled = async () => {
  for (let i = 0; i < 100 && bed.gateway.openConnections() > 0; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(bed.gateway.openConnections()).toBe(0);
};

describe('metering (issue #6 §4)', () => {
  it('counts exactly the bytes the target received and sent, through CONNECT and SOCKS5', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    const connect = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    const first = await transfer(connect.socket, 12_345, 1_000_000);
    const socks = await socksConnect(
      bed.gateway.port,
      { host: '127.0.0.1', port: bed.target.port },
      { ...customer, password: `${customer.password}_country-us_session-abcdefgh` },
    );
    const second = await transfer(socks.socket, 777, 54_321);
    await settled();
    await bed.gateway.sync();
    const usage = await usageOf(bed.database.db, customer.userId);
    expect(usage.up).toBe(first.received + second.received);
    expect(usage.down).toBe(first.sent + second.sent);
    expect(usage.down).toBe(1_000_000 + 54_321);
    expect(usage.rows.every((row) => row.productType === 'PR_2')).toBe(true);
    // The plan's running total is the sum of what was written.
    expect(await usedBytes(customer.planId)).toBe(usage.up + usage.down);
    // Written once: another sync adds nothing.
    await bed.gateway.sync();
    expect(await usageOf(bed.database.db, customer.userId)).toEqual(usage);
    expect(await usedBytes(customer.planId)).toBe(usage.up + usage.down);
  });

  it('counts plain HTTP at the target’s socket, request and answer', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_6' });
    await bed.gateway.sync();
    const seen: { received: number; sent: number }[] = [];
    const server: Server = createServer((_req, res) => res.end('x'.repeat(70_000)));
    server.on('connection', (socket: Socket) =>
      socket.on('close', () => seen.push({ received: socket.bytesRead, sent: socket.bytesWritten })),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const answer = await httpGetViaProxy(
      bed.gateway.port,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`,
      customer,
    );
    expect(answer.body.length).toBe(70_000);
    await settled();
    await bed.gateway.sync();
    const usage = await usageOf(bed.database.db, customer.userId);
    expect(seen).toHaveLength(1);
    expect({ up: usage.up, down: usage.down }).toEqual({ up: seen[0]!.received, down: seen[0]!.sent });
    expect(usage.rows[0]!.productType).toBe('PR_6');
    server.close();
  });

  it('counts an open tunnel at every sync, and the dashboard rule reads it as the plan’s usage', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    const { socket } = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    socket.write('SEND 300000\n');
    await readBytes(socket, 300_000);
    await bed.gateway.sync();
    expect((await usageOf(bed.database.db, customer.userId)).down).toBe(300_000);
    expect(await usedGb(bed.database.db, customer.planId)).toBeCloseTo((300_000 + 12) / 1024 ** 3, 12);
    socket.destroy();
  });

  it('closes open tunnels within one sync when the data runs out, and refuses new ones', async () => {
    // 0.0001 GB is 107,374 bytes.
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2', dataGb: 0.0001 });
    await bed.gateway.sync();
    const idle = await socksConnect(bed.gateway.port, { host: '127.0.0.1', port: bed.target.port }, customer);
    const busy = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    busy.socket.write('SEND 150000\n');
    await readBytes(busy.socket, 150_000);
    const closed = Promise.all([once(idle.socket, 'close'), once(busy.socket, 'close')]);
    await bed.gateway.sync();
    await closed;
    const refused = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    expect([refused.status, refused.body]).toEqual([402, 'No data left on your ISP plan: buy more GB\n']);
    // Buying more GB lets the customer in again.
    await bed.database.db
      .update(schema.customerPlans)
      .set({ dataGb: 1 })
      .where(eq(schema.customerPlans.id, customer.planId));
    await bed.gateway.sync();
    const again = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    expect(again.status).toBe(200);
    again.socket.destroy();
  });

  it('refuses once local counts reach the quota, before the database has them', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2', dataGb: 0.0001 });
    await bed.gateway.sync();
    const first = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    await transfer(first.socket, 0, 120_000);
    await settled();
    // No sync yet: the counts are only in this gateway's memory.
    expect((await usageOf(bed.database.db, customer.userId)).rows).toEqual([]);
    expect((await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer)).status).toBe(402);
  });

  it('adds up two plans of one product in one batch (a plan bought while a tunnel of the old one is open)', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await bed.gateway.sync();
    const old = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    old.socket.write('SEND 1000\n');
    await readBytes(old.socket, 1000);
    await bed.gateway.sync();
    const [invoice] = await bed.database.db
      .insert(schema.invoices)
      .values({
        userId: customer.userId,
        kind: 'plan',
        planName: 'More',
        listPriceCents: 1,
        priceCents: 1,
        proxyType: 'PR_2',
        paymentMethod: 'sandbox',
        paid: true,
      })
      .returning();
    const [more] = await bed.database.db
      .insert(schema.customerPlans)
      .values({
        userId: customer.userId,
        invoiceId: invoice!.id,
        productType: 'PR_2',
        planName: 'More',
        status: 'active',
        dataGb: 5,
        durationHours: 24,
        activatedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await bed.gateway.sync();
    // Both tunnels move bytes before the next sync: one batch, two plans, one row per minute.
    old.socket.write('SEND 2000\n');
    await readBytes(old.socket, 2000);
    const fresh = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, customer);
    fresh.socket.write('SEND 3000\n');
    await readBytes(fresh.socket, 3000);
    await bed.gateway.sync();
    const usage = await usageOf(bed.database.db, customer.userId);
    expect(usage.down).toBe(6000);
    // Each plan's total has the bytes of its own tunnels; together, every byte written.
    const [oldBytes, newBytes] = [await usedBytes(customer.planId), await usedBytes(more!.id)];
    expect(newBytes).toBe(3000 + 'SEND 3000\n'.length);
    expect(oldBytes + newBytes).toBe(usage.up + usage.down);
    old.socket.destroy();
    fresh.socket.destroy();
  });

  it('writes a batch once, however often it is retried', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const rows = [
      {
        planId: customer.planId,
        userId: customer.userId,
        productType: 'PR_2',
        bucket: new Date('2026-11-01T10:00:00Z'),
        bytesUp: 10,
        bytesDown: 20,
      },
    ];
    expect(await recordUsageBatch(bed.database.db, 'test:1', rows)).toBe(true);
    expect(await recordUsageBatch(bed.database.db, 'test:1', rows)).toBe(false);
    expect(await recordUsageBatch(bed.database.db, 'test:2', rows)).toBe(true);
    expect(await usageOf(bed.database.db, customer.userId)).toMatchObject({ up: 20, down: 40 });
    expect(await usedBytes(customer.planId)).toBe(60);
  });

  it('rolls old minutes up in its hourly maintenance', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const hour = Math.floor((Date.now() - 3 * 86_400_000) / 3_600_000) * 3_600_000;
    await recordUsageBatch(
      bed.database.db,
      'roll-up:1',
      [5, 35].map((minute) => ({
        planId: customer.planId,
        userId: customer.userId,
        productType: 'PR_2',
        bucket: new Date(hour + minute * 60_000),
        bytesUp: minute,
        bytesDown: 1000,
      })),
    );
    const own = await startTestGateway(bed.database.db);
    await own.sync();
    // The roll-up runs beside the syncs, not inside them.
    let rows = (await usageOf(bed.database.db, customer.userId)).rows;
    for (let i = 0; i < 100 && rows.length > 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = (await usageOf(bed.database.db, customer.userId)).rows;
    }
    await own.close();
    expect(rows).toEqual([
      expect.objectContaining({ bucket: new Date(hour), granularity: 'hour', bytesUp: 40, bytesDown: 2000 }),
    ]);
    expect(await usedBytes(customer.planId)).toBe(2040);
  });

  it('writes what is left when it shuts down, and counts nothing twice', async () => {
    const own = await startTestGateway(bed.database.db);
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await own.sync();
    const { socket } = await httpConnect(own.port, `127.0.0.1:${bed.target.port}`, customer);
    socket.write('SEND 5000\n');
    await readBytes(socket, 5000);
    await own.sync();
    socket.write('SEND 7000\n');
    await readBytes(socket, 7000);
    const closed = once(socket, 'close');
    await own.close();
    await closed;
    const seen = bed.target.connections.at(-1)!;
    await seen.closed;
    expect(await usageOf(bed.database.db, customer.userId)).toMatchObject({
      up: seen.received,
      down: 12_000,
    });
  });
});
