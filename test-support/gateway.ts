import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { LINE_PRODUCTS, lineUsername, type LineProduct } from '@proxydesk/contract';
import { schema, type Db } from '@proxydesk/db';
import { pino } from 'pino';
import { SocksClient } from 'socks';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGateway, type RunningGateway } from '../apps/gateway/src/gateway.js';
import { afterAll, beforeAll, inject } from 'vitest';
import { openTestDatabase, type TestDatabase } from './databases.js';

/**
 * A gateway over a test database on free ports, reaching 127.0.0.1 targets, that syncs only when a test says
 * so (`gateway.sync()`), so every count and cut-off is deterministic.
 */
export const startTestGateway = (
  db: Db,
  env: Record<string, string> = {},
  listen?: (onChange: () => void) => Promise<() => Promise<void>>,
): Promise<RunningGateway> =>
  startGateway({
    ...(listen ? { listen } : {}),
    db,
    config: loadGatewayConfig({
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: '0',
      GATEWAY_METRICS_PORT: '0',
      GATEWAY_POOL_LISTEN: 'false',
      GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
      GATEWAY_SYNC_SECONDS: '3600',
      GATEWAY_ACCESS_LOG: 'off',
      ...env,
    }),
    log: pino({ level: 'silent' }),
  });

export interface SeededCustomer {
  userId: string;
  planId: string;
  proxyUsername: string;
  /** The line's username for the product (`u…-isp`) and the password. */
  username: string;
  password: string;
}

let seeded = 0;

/** A customer with a paid, running plan of `product`, written straight to the database. */
export const seedCustomer = async (
  db: Db,
  plan: {
    product: string;
    dataGb?: number | null;
    ipAmount?: number;
    expiresAt?: Date;
    status?: 'active' | 'pending';
  } = { product: 'PR_2' },
): Promise<SeededCustomer> => {
  seeded += 1;
  const tag = `${randomBytes(3).toString('hex')}${seeded}`;
  const [user] = await db
    .insert(schema.users)
    .values({
      username: `gw${tag}`,
      email: `gw${tag}@example.test`,
      emailVerified: true,
      referralCode: `GW${tag}`.toUpperCase(),
      proxyUsername: `u${tag}`,
      proxyPassword: `pw${tag}secret`,
    })
    .returning();
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      userId: user!.id,
      kind: 'plan',
      planName: 'Test plan',
      listPriceCents: 100,
      priceCents: 100,
      proxyType: plan.product,
      paymentMethod: 'sandbox',
      paid: true,
    })
    .returning();
  const now = new Date();
  const status = plan.status ?? 'active';
  const [row] = await db
    .insert(schema.customerPlans)
    .values({
      userId: user!.id,
      invoiceId: invoice!.id,
      productType: plan.product,
      planName: 'Test plan',
      status,
      dataGb: plan.dataGb === undefined ? 10 : plan.dataGb,
      ipAmount: plan.ipAmount ?? null,
      durationHours: 720,
      activatedAt: status === 'active' ? now : null,
      expiresAt: status === 'active' ? (plan.expiresAt ?? new Date(now.getTime() + 30 * 86_400_000)) : null,
    })
    .returning();
  const product = plan.product as LineProduct;
  return {
    userId: user!.id,
    planId: row!.id,
    proxyUsername: user!.proxyUsername,
    username: product in LINE_PRODUCTS ? lineUsername(user!.proxyUsername, product) : user!.proxyUsername,
    password: user!.proxyPassword,
  };
};

export interface TargetConnection {
  /** Bytes the target read from and wrote to this connection, final once `closed` resolves. */
  received: number;
  sent: number;
  remoteAddress: string;
  closed: Promise<void>;
}

/**
 * A TCP target on 127.0.0.1 that answers `SEND n\n` with n bytes, and counts exactly what it reads and
 * writes on each connection: what the gateway's usage must match.
 */
export const startTarget = async () => {
  const connections: TargetConnection[] = [];
  const server = createServer((socket) => {
    let closedResolve = () => {};
    const record: TargetConnection = {
      received: 0,
      sent: 0,
      remoteAddress: socket.remoteAddress ?? '',
      closed: new Promise<void>((r) => (closedResolve = r)),
    };
    connections.push(record);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text = (text + chunk.toString('latin1')).slice(-64);
      const match = /SEND (\d+)\n$/.exec(text);
      if (match) {
        text = '';
        socket.write(Buffer.alloc(Number(match[1]), 0x78));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      record.received = socket.bytesRead;
      record.sent = socket.bytesWritten;
      closedResolve();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** Reads from a socket until `count` bytes have come (or it ends), answering them. */
export const readBytes = (socket: Socket, count: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      socket.off('data', onData);
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= count) done();
    };
    socket.on('data', onData);
    socket.once('end', done);
    socket.once('error', reject);
  });

/** `CONNECT host:port` through the gateway: the status line and, when 200, the open tunnel. */
export const httpConnect = async (
  proxyPort: number,
  target: string,
  credentials?: { username: string; password: string },
  { proxyHost = '127.0.0.1', from }: { proxyHost?: string; from?: string } = {},
): Promise<{ status: number; body: string; socket: Socket }> => {
  const socket = connect({ port: proxyPort, host: proxyHost, ...(from ? { localAddress: from } : {}) });
  await once(socket, 'connect');
  const auth = credentials
    ? `Proxy-Authorization: ${basic(credentials.username, credentials.password)}\r\n`
    : '';
  socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
  let head = Buffer.alloc(0);
  while (!head.includes('\r\n\r\n')) {
    const [chunk] = (await Promise.race([
      once(socket, 'data'),
      once(socket, 'end').then(() => [Buffer.alloc(0)]),
    ])) as [Buffer];
    if (chunk.length === 0) break;
    head = Buffer.concat([head, chunk]);
  }
  const end = head.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString())?.[1] ?? 0);
  const body = end >= 0 ? head.subarray(end + 4).toString() : '';
  if (status === 200 && body.length > 0) socket.unshift(head.subarray(end + 4));
  return { status, body, socket };
};

/** SOCKS5 CONNECT through the gateway with the `socks` package (an independent client implementation). */
export const socksConnect = (
  proxyPort: number,
  target: { host: string; port: number },
  credentials?: { username: string; password: string },
  proxyHost = '127.0.0.1',
) =>
  SocksClient.createConnection({
    proxy: {
      host: proxyHost,
      port: proxyPort,
      type: 5,
      ...(credentials ? { userId: credentials.username, password: credentials.password } : {}),
    },
    command: 'connect',
    destination: target,
    timeout: 5000,
  });

/** A plain `GET http://…` through the gateway, answering status, headers and body. */
export const httpGetViaProxy = (
  proxyPort: number,
  url: string,
  credentials?: { username: string; password: string },
) =>
  new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'GET',
      path: url,
      headers: {
        host: new URL(url).host,
        ...(credentials ? { 'proxy-authorization': basic(credentials.username, credentials.password) } : {}),
      },
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });

export type Target = Awaited<ReturnType<typeof startTarget>>;

/** The set-up every gateway test file shares: a fresh database, a byte-counting target and (unless
 * `gateway: false`) a gateway over them, all closed after the file. */
export const useGatewayTestbed = (options: { gateway?: boolean } = {}) => {
  const bed = {} as { database: TestDatabase; target: Target; gateway: RunningGateway };
  beforeAll(async () => {
    bed.database = await openTestDatabase(inject('testDb'));
    bed.target = await startTarget();
    if (options.gateway !== false) bed.gateway = await startTestGateway(bed.database.db);
  });
  afterAll(async () => {
    await bed.gateway?.close();
    await bed.target?.close();
    await bed.database?.close();
  });
  return bed;
};

/** Sum of a customer's usage rows, both ways. */
export const usageOf = async (db: Db, userId: string) => {
  const rows = await db.select().from(schema.usageRecords);
  const mine = rows.filter((r) => r.userId === userId);
  return {
    up: mine.reduce((s, r) => s + r.bytesUp, 0),
    down: mine.reduce((s, r) => s + r.bytesDown, 0),
    rows: mine,
  };
};
