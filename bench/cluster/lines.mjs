import { exchange } from '../proxies/client.mjs';
import { TUNNEL_BYTES } from './target.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const TUNNELS_PER_SESSION = 4;
/** How long after a payment a refused line counts as "the gateway does not know the plan yet" (issue #14 §3). */
const FRESH_PAYMENT_MS = 10_000;
const UP = Buffer.alloc(TUNNEL_BYTES.up, 0x63);

const tunnelErrorKind = (error) => {
  if (/closed the connection after 0 bytes/.test(error.message)) return 'tunnel: closed before any answer';
  if (/closed the connection after/.test(error.message)) return 'tunnel: closed mid-transfer';
  return `tunnel: ${error.code ?? error.message}`;
};
/** The gateway said no to the line (HTTP 403/407, SOCKS5 credentials or "not allowed", reply 2). */
const refused = (error) =>
  /refused: HTTP\/1\.[01] 40[37]|credentials refused|CONNECT refused \(reply 2\)/.test(error.message);

/**
 * A customer's proxy software: a few tunnels through the generated lines, HTTP CONNECT and SOCKS5 in turn,
 * each a request out to the target and its answer back. A line refused within seconds of its payment is
 * tried again (and counted as such: issue #14 §3 wants it to work at once); any other failure ends the turn.
 */
export const createLineUser = ({ targetPort, stats }) => {
  const tunnel = async (customer, line, protocol) => {
    const [, port, username, password] = line.split(':');
    const name = `tunnel ${protocol === 'socks5' ? 'SOCKS5' : 'CONNECT'}`;
    for (;;) {
      const started = performance.now();
      try {
        await exchange(
          { port: Number(port), protocol, credentials: { username, password } },
          targetPort,
          UP,
          TUNNEL_BYTES.down,
        );
        stats.ok(name, performance.now() - started);
        return true;
      } catch (error) {
        const fresh = refused(error) && Date.now() - (customer.paidAt ?? 0) < FRESH_PAYMENT_MS;
        stats.failed(
          name,
          fresh
            ? 'tunnel: line refused right after payment (gateway does not know the plan yet)'
            : tunnelErrorKind(error),
        );
        if (!fresh) return false;
        await sleep(500);
      }
    }
  };

  return async (customer, lines) => {
    for (let i = 0; i < TUNNELS_PER_SESSION; i += 1) {
      if (!(await tunnel(customer, lines[i % lines.length], i % 2 ? 'socks5' : 'connect'))) return;
    }
  };
};
