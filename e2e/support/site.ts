import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/** A web site on this machine answering every request with `body`, for a spec file's tests: its URL once up. */
export const useSite = (body: string | Buffer) => {
  const site = { url: '' };
  let server: Server | undefined;
  test.beforeAll(async () => {
    server = createServer((_req, res) => res.end(body));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => {
    server?.close();
  });
  return site;
};

/** A proxy to go through: a whitelisted-IP line's host and port, or a line's with its username and password. */
export interface ProxyTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
}

/** A generated line `HOST:PORT:USER:PASS` (the password part may hold colons, as a sticky line's does). */
export const lineProxy = (line: string): ProxyTarget => {
  const [host, port, username, ...password] = line.split(':');
  return { host: host!, port: Number(port), username: username!, password: password.join(':') };
};

/**
 * `curl -x http://[USER:PASS@]HOST:PORT URL` from this machine: a plain GET through the proxy, answering the
 * status, the bytes received and the body. Status 0: not reached (a port not listening yet), or cut before its
 * end (a download the gateway stops when its grant ends).
 */
export const getThrough = (proxy: ProxyTarget, url: string) =>
  new Promise<{ status: number; received: number; body: string }>((resolve) => {
    const { host, port, username, password } = proxy;
    const credentials = Buffer.from(`${username}:${password}`).toString('base64');
    const req = request({
      host,
      port,
      path: url,
      headers: {
        host: new URL(url).host,
        ...(username === undefined ? {} : { 'proxy-authorization': `Basic ${credentials}` }),
      },
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('close', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.complete ? (res.statusCode ?? 0) : 0,
          received: body.length,
          body: body.toString(),
        });
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => resolve({ status: 0, received: 0, body: error.message }));
    req.end();
  });

/** A plain GET through a proxy line (`HOST:PORT:USER:PASS`): the status the gateway or the site answered. */
export const statusThrough = async (line: string, url: string) =>
  (await getThrough(lineProxy(line), url)).status;
