import { createHash } from 'node:crypto';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import type { Grant } from '../access/decision.js';
import type { Egress, Target } from './egress.js';
import { sessionLifetimeMs } from './exits.js';

/** An upstream proxy a product is chained through: `http://user:pass@host:port` (GATEWAY_UPSTREAM_PR_x). */
export type Upstream = URL;

const MAX_ANSWER_BYTES = 8192;

/**
 * The upstream's username for a grant: its own username with the customer's options in the
 * `user-country-us-city-newyork-isp-verizon-session-…-lifetime-30m` form most residential networks read. A
 * sticky session maps to an upstream session of its own per customer, so the same `session-` id keeps the
 * same exit and two customers choosing the same id never share one; its lifetime (the customer's, or the
 * default 10 minutes) goes with it in minutes, so the upstream holds the exit as long as our own egress would.
 */
const upstreamUsername = (upstream: Upstream, grant: Grant): string => {
  const parts = [decodeURIComponent(upstream.username)];
  for (const key of ['country', 'city', 'isp'] as const) {
    const value = grant.options[key];
    if (value !== undefined) parts.push(key, value);
  }
  const session = grant.options.session;
  if (session !== undefined) {
    parts.push(
      'session',
      createHash('sha256')
        .update(`${grant.subuserId ?? grant.userId}:${session}`)
        .digest('hex')
        .slice(0, 16),
      'lifetime',
      `${sessionLifetimeMs(grant.options) / 60_000}m`,
    );
  }
  return parts.join('-');
};

const upstreamAuthorization = (upstream: Upstream, grant: Grant): string =>
  `Basic ${Buffer.from(`${upstreamUsername(upstream, grant)}:${decodeURIComponent(upstream.password)}`).toString('base64')}`;

const hostForRequestLine = (host: string): string => (isIP(host) === 6 ? `[${host}]` : host);

/** Opens a TCP connection to the upstream proxy itself. */
const connectUpstream = (upstream: Upstream, timeoutMs: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = netConnect({
      host: upstream.hostname.replace(/^\[|\]$/g, ''),
      port: Number(upstream.port || 80),
      noDelay: true,
    });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
    );
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });

/** A tunnel to `target` through the upstream (HTTP CONNECT); the handshake's bytes are not the customer's. */
export const connectThroughUpstream = async (
  upstream: Upstream,
  target: Target,
  grant: Grant,
  timeoutMs: number,
): Promise<Egress> => {
  const socket = await connectUpstream(upstream, timeoutMs);
  const authority = `${hostForRequestLine(target.host)}:${target.port}`;
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\nProxy-Authorization: ${upstreamAuthorization(upstream, grant)}\r\n\r\n`,
  );
  const answer = await new Promise<Buffer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1 && received.length < MAX_ANSWER_BYTES) return;
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      socket.pause();
      if (end === -1)
        return reject(Object.assign(new Error('upstream answer too long'), { code: 'EUPSTREAM' }));
      if (end + 4 < received.length) socket.unshift(received.subarray(end + 4));
      resolve(received.subarray(0, end));
    };
    const onError = (error: Error) => reject(error);
    const onClose = () => reject(Object.assign(new Error('upstream closed'), { code: 'ECONNRESET' }));
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
  }).catch((error: unknown) => {
    socket.destroy();
    throw error;
  });
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer.toString('latin1'))?.[1];
  if (status !== '200') {
    socket.destroy();
    throw Object.assign(new Error(`upstream answered ${status ?? 'garbage'}`), { code: 'EUPSTREAM' });
  }
  socket.setTimeout(0);
  return {
    socket,
    sentBefore: socket.bytesWritten,
    receivedBefore: socket.bytesRead - (socket.readableLength ?? 0),
  };
};
