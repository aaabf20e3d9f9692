import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/** A port of 127.0.0.1 that was free a moment ago (for a server a test starts, or one nobody listens on). */
export const freePort = async (): Promise<number> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};
