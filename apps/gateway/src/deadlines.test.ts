import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeadlines, type Deadlines } from './deadlines.js';

const TICK_MS = 20;

/** Both ends of a fresh loopback connection. */
let server: Server;
const pair = async (): Promise<[Socket, Socket]> => {
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const near = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const [[far]] = await Promise.all([accepted, once(near, 'connect')]);
  for (const socket of [near, far]) socket.on('error', () => undefined);
  return [near, far];
};

const closedWithin = async (socket: Socket, ms: number) => {
  const started = Date.now();
  if (!socket.destroyed) await once(socket, 'close');
  return Date.now() - started <= ms;
};

describe('deadlines swept every tick', () => {
  let deadlines: Deadlines;
  beforeAll(async () => {
    server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => deadlines.stop());

  it('destroys a socket that misses its deadline with a timeout error, and spares one marked done', async () => {
    deadlines = createDeadlines(TICK_MS);
    const [late] = await pair();
    const [punctual] = await pair();
    const failed = once(late, 'error') as Promise<[NodeJS.ErrnoException]>;
    deadlines.within(late, 60);
    deadlines.within(punctual, 60);
    deadlines.done(punctual);
    const [error] = await failed;
    expect(error.code).toBe('ETIMEDOUT');
    expect(late.destroyed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(punctual.destroyed).toBe(false);
    punctual.destroy();
  });

  it('closes both sides of a tunnel once no byte has moved for the idle time, not while bytes move', async () => {
    deadlines = createDeadlines(TICK_MS);
    const [client, clientPeer] = await pair();
    const [egress, egressPeer] = await pair();
    // The client's deadline for its handshake gives way to the tunnel's idle time.
    deadlines.within(client, 50);
    deadlines.idle(client, egress, 200);
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      egressPeer.write('x');
    }
    expect(client.destroyed || egress.destroyed).toBe(false);
    expect(await closedWithin(client, 200 + 4 * TICK_MS + 100)).toBe(true);
    expect(egress.destroyed).toBe(true);
    clientPeer.destroy();
    egressPeer.destroy();
  });

  it('ends a tunnel whose other side never finishes closing', async () => {
    deadlines = createDeadlines(TICK_MS);
    const [client, clientPeer] = await pair();
    const [egress, egressPeer] = await pair();
    deadlines.idle(client, egress, 100);
    // The customer is gone; the target never closes its end.
    client.destroy();
    clientPeer.destroy();
    expect(await closedWithin(egress, 100 + 4 * TICK_MS + 100)).toBe(true);
    egressPeer.destroy();
  });
});
