import { request } from 'node:http';

/** A plain GET through a proxy line (`HOST:PORT:USER:PASS`): the status the gateway or the site answered. */
export const statusThrough = (line: string, url: string) =>
  new Promise<number>((resolve, reject) => {
    const [host, port, username, ...password] = line.split(':');
    const req = request({
      host,
      port: Number(port),
      path: url,
      headers: {
        host: new URL(url).host,
        'proxy-authorization': `Basic ${Buffer.from(`${username}:${password.join(':')}`).toString('base64')}`,
      },
      agent: false,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
