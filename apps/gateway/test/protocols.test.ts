import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  httpConnect,
  httpGetViaProxy,
  readBytes,
  seedCustomer,
  socksConnect,
  type SeededCustomer,
  useGatewayTestbed,
} from '../../../test-support/gateway.js';

const bed = useGatewayTestbed();
let customer: SeededCustomer;
beforeAll(async () => {
  customer = await seedCustomer(bed.database.db, { product: 'PR_6' });
  await bed.gateway.sync();
});

/** Asks the target for `size` bytes through an open tunnel, reads them, and closes; answers what the target counted. */
const exchange = async (socket: Socket, size: number, extra = '') => {
  const before = bed.target.connections.length;
  socket.write(`${extra}SEND ${size}\n`);
  const got = await readBytes(socket, size);
  expect(got.length).toBe(size);
  socket.end();
  await once(socket, 'close');
  const seen = bed.target.connections[bed.target.connections.length - 1]!;
  expect(bed.target.connections.length).toBeGreaterThan(before - 1);
  await seen.closed;
  return seen;
};

const options = [
  '',
  '_country-us',
  '_country-us_city-newyork',
  '_country-us_city-newyork_isp-verizon',
  '_session-abcdefgh',
  '_country-de_session-qwertyui',
];

describe('one port, three protocols (issue #6 §1)', () => {
  it.each(options)('CONNECT with password options "%s" tunnels to the target', async (suffix) => {
    const { status, socket } = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, {
      username: customer.username,
      password: `${customer.password}${suffix}`,
    });
    expect(status).toBe(200);
    await exchange(socket, 4096);
  });

  it.each(options)('SOCKS5 with password options "%s" tunnels to the target', async (suffix) => {
    const { socket } = await socksConnect(
      bed.gateway.port,
      { host: '127.0.0.1', port: bed.target.port },
      { username: customer.username, password: `${customer.password}${suffix}` },
    );
    await exchange(socket, 4096);
  });

  it('CONNECT whose head comes in pieces, with bytes for the target right behind it', async () => {
    const socket = connect(bed.gateway.port, '127.0.0.1');
    await once(socket, 'connect');
    const authorization = Buffer.from(`${customer.username}:${customer.password}`).toString('base64');
    const pieces = [
      `CONNECT 127.0.0.1:${bed.target.port} HTTP/1.1\r\n`,
      `Host: 127.0.0.1\r\nProxy-Authorization: Basic ${authorization}\r\n`,
      // The end of the head and the first bytes of the tunnel in one write, as a client that does not wait.
      '\r\nSEND 100\n',
    ];
    for (const piece of pieces) {
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const answer = await readBytes(socket, 'HTTP/1.1 200 Connection Established\r\n\r\n'.length + 100);
    expect(answer.toString('latin1', 0, 12)).toBe('HTTP/1.1 200');
    expect(answer.length - answer.indexOf('\r\n\r\n') - 4).toBe(100);
    socket.destroy();
  });

  it.each([
    ['in one write', 1],
    ['in pieces, the end in the last', 2],
  ])('refuses a CONNECT head over 16 KiB %s with 431 (issue #15 §12)', async (_how, pieces) => {
    const reached = bed.target.connections.length;
    const socket = connect(bed.gateway.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = once(socket, 'close');
    const authorization = Buffer.from(`${customer.username}:${customer.password}`).toString('base64');
    const head = Buffer.from(
      `CONNECT 127.0.0.1:${bed.target.port} HTTP/1.1\r\nProxy-Authorization: Basic ${authorization}\r\n` +
        `X-Pad: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    // Each piece stays under the limit alone; the whole head does not.
    const size = Math.ceil(head.length / pieces);
    for (let from = 0; from < head.length; from += size) {
      socket.write(head.subarray(from, from + size));
      if (pieces > 1) await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await closed;
    expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 431 /);
    expect(bed.target.connections.length).toBe(reached);
  });

  it('SOCKS5 to a host name and to an IPv4 address', async () => {
    const { socket } = await socksConnect(
      bed.gateway.port,
      { host: 'localhost', port: bed.target.port },
      { username: customer.username, password: customer.password },
    );
    await exchange(socket, 10);
  });

  it('forwards plain HTTP requests with an absolute URL', async () => {
    const server: Server = createServer((req, res) =>
      res.end(`hello ${req.url} ${req.headers['proxy-authorization'] ?? 'no-auth-header'}`),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const answer = await httpGetViaProxy(bed.gateway.port, `http://127.0.0.1:${port}/path?q=1`, {
      username: customer.username,
      password: customer.password,
    });
    expect(answer).toMatchObject({ status: 200, body: 'hello /path?q=1 no-auth-header' });
    server.close();
  });

  it('relays a server that speaks first, and a large download to a slow reader byte for byte', async () => {
    const pattern = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < pattern.length; i += 1) pattern[i] = i % 251;
    const server = createNetServer((socket) => {
      socket.write('220 hello\r\n');
      socket.once('data', () => socket.end(pattern));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    for (const open of [
      async () => (await httpConnect(bed.gateway.port, `127.0.0.1:${port}`, customer)).socket,
      async () => (await socksConnect(bed.gateway.port, { host: '127.0.0.1', port }, customer)).socket,
    ]) {
      const socket = await open();
      expect((await readBytes(socket, 11)).toString()).toBe('220 hello\r\n');
      socket.write('GO\n');
      // A reader that stops for a while: the gateway must hold the target back, then go on, losing nothing.
      socket.pause();
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.resume();
      const got = await readBytes(socket, pattern.length);
      expect(got.length).toBe(pattern.length);
      expect(got.equals(pattern)).toBe(true);
      socket.destroy();
    }
    server.close();
  });
});
