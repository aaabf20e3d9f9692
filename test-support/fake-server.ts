import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Serves a fake provider on a free port of 127.0.0.1. A handler that throws answers 500 with the provider's
 * own error shape (`errorBody`), or drops the connection once headers are out.
 */
export const serveFake = async (
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  errorBody: (error: unknown) => unknown,
): Promise<{ server: Server; url: string }> => {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(errorBody(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
