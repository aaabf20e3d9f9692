import { execFile } from 'node:child_process';

export interface CurlAnswer {
  /** The target's status (0 when the proxy refused before the request went through). */
  status: number;
  /** The proxy's answer to CONNECT (tunnels), 0 for plain HTTP and SOCKS5. */
  connect: number;
  body: string;
  /** curl's exit code: 0, or why it failed (56 a refused CONNECT, 97 a refused SOCKS5 login, …). */
  exit: number;
}

const runCurl = (args: string[]): Promise<CurlAnswer> =>
  new Promise((resolve) => {
    execFile(
      'curl',
      ['-sS', '--max-time', '15', '-w', '\n%{http_code} %{http_connect}', ...args],
      { encoding: 'utf8' },
      (error, stdout) => {
        const cut = stdout.lastIndexOf('\n');
        const [status, connect] = stdout.slice(cut + 1).split(' ');
        resolve({
          status: Number(status),
          connect: Number(connect),
          body: stdout.slice(0, Math.max(0, cut)),
          exit: error ? Number((error as { code?: number }).code ?? 1) : 0,
        });
      },
    );
  });

/**
 * A request through the gateway with the real curl, the way a customer's script makes it: `http` a plain
 * proxied GET, `connect` the same through a CONNECT tunnel (`-p`), `socks5` through SOCKS5 with the
 * credentials in the proxy URL.
 */
export const curlThrough = (
  gatewayPort: number,
  url: string,
  { username, password }: { username: string; password: string },
  how: 'http' | 'connect' | 'socks5' = 'http',
  /** The local address to connect from (`--interface`), as another machine of the customer would. */
  from?: string,
): Promise<CurlAnswer> => {
  const credentials = `${encodeURIComponent(username)}:${encodeURIComponent(password)}`;
  const proxy =
    how === 'socks5'
      ? `socks5h://${credentials}@127.0.0.1:${gatewayPort}`
      : `http://${credentials}@127.0.0.1:${gatewayPort}`;
  const args = ['-x', proxy];
  if (how === 'connect') args.push('-p');
  if (from) args.push('--interface', from);
  return runCurl([...args, url]);
};

/**
 * A plain proxied GET through a pool address (datacenter, IPv6), authenticated by the whitelisted IP alone: as a
 * customer's script uses a line `IP:PORT` (a demo address at its loopback stand-in).
 */
export const curlThroughAddress = (host: string, port: number, url: string): Promise<CurlAnswer> =>
  runCurl(['-x', `http://${host}:${port}`, url]);
