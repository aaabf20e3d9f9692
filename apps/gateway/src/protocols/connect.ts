import type { Socket } from 'node:net';
import { isRefusal, refuse, type Grant, type Refusal } from '../access/decision.js';
import type { Target } from '../egress/egress.js';
import {
  acceptedAt,
  endRefused,
  establish,
  reportRefusal,
  tunnel,
  type GatewayContext,
  type ListenerMode,
} from '../session.js';
import { authorize } from './authorize.js';
import { basicCredentials, parseAuthority, rawRefusal } from './http-common.js';

/** A request head larger than this is refused (431), however it arrives, as Node's parser does on the HTTP path. */
const MAX_HEAD_BYTES = 16_384;
const HEAD_TOO_LARGE = refuse('head-too-large', 'Request head too large');
const ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');
const REQUEST_LINE = /^CONNECT (\S+) HTTP\/1\.[01](?:\r\n|$)/;
const AUTHORIZATION = /\r\nproxy-authorization[ \t]*:[ \t]*([^\r\n]*?)[ \t]*(?:\r\n|$)/i;
const PREFIX = Buffer.from('CONNECT ');

/** Whether the bytes so far can still be a CONNECT request. */
const mayBeConnect = (head: Buffer) => {
  const length = Math.min(PREFIX.length, head.length);
  return PREFIX.compare(head, 0, length, 0, length) === 0;
};

/**
 * HTTPS tunnels (CONNECT), read by hand: every tunnel passes here, and a bounded head with one header that
 * matters needs none of an HTTP server's work per connection. Anything but CONNECT goes to `otherwise` (the
 * HTTP server) with the bytes read so far.
 */
export const createConnectHandler = (
  context: GatewayContext,
  mode: ListenerMode,
  otherwise: (socket: Socket, head: Buffer) => void,
) => {
  const { metrics } = context;

  const refuseWith = (client: Socket, refusal: Refusal, known?: { target: Target; grant?: Grant }) => {
    reportRefusal(
      context,
      client,
      { protocol: 'http-connect', startedAt: acceptedAt(client) },
      refusal,
      known,
    );
    endRefused(context, client, rawRefusal(refusal));
  };

  const serve = async (client: Socket, head: Buffer, end: number) => {
    const text = head.toString('latin1', 0, end);
    const requested = REQUEST_LINE.exec(text)?.[1];
    const target = requested === undefined ? undefined : parseAuthority(requested);
    if (!target) return refuseWith(client, refuse('bad-request', 'CONNECT needs host:port'));
    const authorization = AUTHORIZATION.exec(text)?.[1];
    const found = authorize(context, mode, client, basicCredentials(authorization));
    const { decision, recheck } = found instanceof Promise ? await found : found;
    const grant = isRefusal(decision) ? undefined : decision;
    const connection = grant
      ? await establish(context, grant, target, recheck, client, {
          protocol: 'http-connect',
          startedAt: acceptedAt(client),
        })
      : (decision as Refusal);
    if ('refused' in connection) return refuseWith(client, connection, { target, grant });
    metrics.accepted('http-connect');
    client.write(ESTABLISHED);
    const early = head.subarray(end + 4);
    if (early.length > 0) connection.egress.socket.write(early);
    tunnel(context, client, connection.egress);
  };

  /** A whole head: served, the socket paused until the tunnel reads it (what comes early is held till then). */
  const start = (client: Socket, head: Buffer, end: number) => {
    client.pause();
    serve(client, head, end).catch(() => client.destroy());
  };

  /** A whole head within the limit is served; one over it (read in one piece or many) is refused. */
  const startBounded = (client: Socket, head: Buffer, end: number) =>
    end + 4 > MAX_HEAD_BYTES ? refuseWith(client, HEAD_TOO_LARGE) : start(client, head, end);

  return (client: Socket, first: Buffer) => {
    // Nearly every CONNECT comes in one piece: served at once, with no listener to add and take away.
    const whole = first.indexOf('\r\n\r\n');
    if (whole !== -1 && mayBeConnect(first)) return startBounded(client, first, whole);
    let head = first;
    const read = () => {
      if (!mayBeConnect(head)) {
        client.off('data', more);
        return otherwise(client, head);
      }
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) {
          client.off('data', more);
          refuseWith(client, HEAD_TOO_LARGE);
        }
        return;
      }
      client.off('data', more);
      startBounded(client, head, end);
    };
    const more = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      read();
    };
    client.on('data', more);
    read();
  };
};
