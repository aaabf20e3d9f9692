import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web site on this machine (127.0.0.1, a free port) answering every request with `body`: its URL, and close. */
export const startSite = async (body: string | Buffer) => {
  const server = createServer((_req, res) => res.end(body));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.close();
    },
  };
};
