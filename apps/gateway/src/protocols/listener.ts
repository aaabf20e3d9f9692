import { createServer, type Server } from 'node:net';
import type { GatewayContext, ListenerMode } from '../session.js';
import { createHttpHandler } from './http.js';
import { createSocksHandler } from './socks5.js';

const SOCKS_VERSION = 0x05;

/**
 * One port, three protocols (issue #6 §1): the first byte tells SOCKS5 (0x05) from HTTP (a method's letter),
 * and the connection goes to that protocol's handler with its first bytes intact. A connection that says
 * nothing within the handshake time is dropped.
 */
export const createListener = (context: GatewayContext, mode: ListenerMode): Server => {
  const http = createHttpHandler(context, mode);
  const socks = createSocksHandler(context, mode);
  const server = createServer({ noDelay: true }, (socket) => {
    socket.setTimeout(context.config.GATEWAY_HANDSHAKE_SECONDS * 1000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      if (first[0] === SOCKS_VERSION) return socks(socket, first);
      http.handle(socket, first);
    });
  });
  server.on('close', () => http.close());
  return server;
};
