import { request } from 'node:http';
import { test } from '@playwright/test';
import { startSite } from '../../test-support/site.js';

/** A web site on this machine answering every request with `body`, for a spec file's tests: its URL once up. */
export const useSite = (body: string | Buffer) => {
  const site = { url: '' };
  let close: (() => void) | undefined;
  test.beforeAll(async () => {
    const started = await startSite(body);
    site.url = started.url;
    close = started.close;
  });
  test.afterAll(() => close?.());
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
