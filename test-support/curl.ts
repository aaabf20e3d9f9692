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
  const args = ['-sS', '--max-time', '15', '-x', proxy, '-w', '\n%{http_code} %{http_connect}'];
  if (how === 'connect') args.push('-p');
  if (from) args.push('--interface', from);
  args.push(url);
  return new Promise((resolve) => {
    execFile('curl', args, { encoding: 'utf8' }, (error, stdout) => {
      const cut = stdout.lastIndexOf('\n');
      const [status, connect] = stdout.slice(cut + 1).split(' ');
      resolve({
        status: Number(status),
        connect: Number(connect),
        body: stdout.slice(0, Math.max(0, cut)),
        exit: error ? Number((error as { code?: number }).code ?? 1) : 0,
      });
    });
  });
};
