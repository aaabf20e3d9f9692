import { createServer, type Server, type Socket } from 'node:net';
import { markAccepted, type GatewayContext, type ListenerMode } from '../session.js';
import { createConnectHandler } from './connect.js';
import { createHttpHandler } from './http.js';
import { createSocksHandler } from './socks5.js';

const SOCKS_VERSION = 0x05;

/** One handler for every socket's timeout and error, rather than a closure per connection. */
function destroySocket(this: Socket) {
  this.destroy();
}
/** `C`, as in CONNECT: tunnels take a path of their own (other methods starting with C fall through to HTTP). */
const CONNECT_INITIAL = 0x43;

/**
 * One port, three protocols (issue #6 §1): the first byte tells SOCKS5 (0x05) from HTTP (a method's letter,
 * CONNECT on a path of its own), and the connection goes to that handler with its first bytes intact. A
 * connection that has not got as far as a tunnel within the handshake time is dropped.
 */
export const createListener = (
  context: GatewayContext,
  mode: ListenerMode,
): { server: Server; sockets: () => number; close: () => Promise<void> } => {
  const http = createHttpHandler(context, mode);
  const socks = createSocksHandler(context, mode);
  const { deadlines } = context;
  const handshakeMs = context.config.GATEWAY_HANDSHAKE_SECONDS * 1000;
  /** Node's HTTP server keeps the time of requests and of idle keep-alive connections on its own sockets. */
  const toHttp = (socket: Socket, head: Buffer) => {
    deadlines.done(socket);
    socket.setTimeout(handshakeMs, destroySocket);
    http.handle(socket, head);
  };
  const connect = createConnectHandler(context, mode, toHttp);
  const sockets = new Set<Socket>();
  function forget(this: Socket) {
    sockets.delete(this);
  }
  const server = createServer({ noDelay: true }, (socket) => {
    markAccepted(socket);
    sockets.add(socket);
    socket.once('close', forget);
    deadlines.within(socket, handshakeMs);
    socket.on('error', destroySocket);
    socket.once('data', (first: Buffer) => {
      if (first[0] === SOCKS_VERSION) return socks(socket, first);
      if (first[0] === CONNECT_INITIAL) return connect(socket, first);
      toHttp(socket, first);
    });
  });
  return {
    server,
    /** Client sockets open on this port, whatever their stage (a tunnel counts in the meter as well). */
    sockets: () => sockets.size,
    /** Stops listening and ends every connection, in a handshake, idle between requests or tunnelling. */
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      http.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
};
