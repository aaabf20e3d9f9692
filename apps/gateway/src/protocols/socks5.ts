import type { Socket } from 'node:net';
import { isRefusal, refuse, SOCKS_REPLY, type Decision, type Refusal } from '../access/decision.js';
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

const VERSION = 0x05;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_ACCEPTABLE = 0xff;
const CONNECT = 0x01;
const REPLY = { succeeded: 0x00, commandNotSupported: 0x07, addressNotSupported: 0x08 } as const;
/** A whole SOCKS5 handshake fits in well under this: more is garbage, and the connection is dropped. */
const MAX_HANDSHAKE_BYTES = 1024;

const reply = (code: number) => Buffer.from([VERSION, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);

/** RFC 1928 §5 address of a request starting at `offset`: the target and where it ends, or what is missing. */
const readAddress = (
  buffer: Buffer,
  offset: number,
): { host: string; port: number; end: number } | 'incomplete' | 'unsupported' => {
  const type = buffer[offset];
  if (type === undefined) return 'incomplete';
  let host: string;
  let at = offset + 1;
  if (type === 0x01) {
    if (buffer.length < at + 4) return 'incomplete';
    host = [...buffer.subarray(at, at + 4)].join('.');
    at += 4;
  } else if (type === 0x03) {
    const length = buffer[at];
    if (length === undefined || buffer.length < at + 1 + length) return 'incomplete';
    host = buffer.subarray(at + 1, at + 1 + length).toString('latin1');
    at += 1 + length;
  } else if (type === 0x04) {
    if (buffer.length < at + 16) return 'incomplete';
    const groups = Array.from({ length: 8 }, (_, i) => buffer.readUInt16BE(at + i * 2).toString(16));
    host = groups.join(':');
    at += 16;
  } else {
    return 'unsupported';
  }
  if (buffer.length < at + 2) return 'incomplete';
  return { host, port: buffer.readUInt16BE(at), end: at + 2 };
};

/**
 * SOCKS5 (RFC 1928) with username/password (RFC 1929) on the credentials port, or no authentication from a
 * whitelisted IP on a pool port (issue #6 §1, §2). Only CONNECT; the handshake is read from a bounded buffer,
 * so oversize or malformed greetings are dropped, never parsed past their end.
 */
export const createSocksHandler = (context: GatewayContext, mode: ListenerMode) => {
  const { metrics } = context;

  return (client: Socket, first: Buffer) => {
    let buffer = first;
    let stage: 'greeting' | 'auth' | 'request' | 'busy' = 'greeting';
    let decision: Decision | undefined;
    let recheck: () => boolean = () => false;

    let target: Target | undefined;
    const opening = () => ({ protocol: 'socks5', startedAt: acceptedAt(client) });
    const fail = (refusal: Refusal, answer: Buffer) => {
      const grant = decision && !isRefusal(decision) ? decision : undefined;
      reportRefusal(context, client, opening(), refusal, { target, grant });
      endRefused(context, client, answer);
      stage = 'busy';
    };

    const step = async (): Promise<void> => {
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        const count = buffer[1]!;
        if (buffer[0] !== VERSION || count === 0) return void client.destroy();
        if (buffer.length < 2 + count) return;
        const methods = buffer.subarray(2, 2 + count);
        buffer = buffer.subarray(2 + count);
        const method =
          mode === 'whitelist' && methods.includes(NO_AUTH)
            ? NO_AUTH
            : methods.includes(USER_PASS)
              ? USER_PASS
              : NO_ACCEPTABLE;
        client.write(Buffer.from([VERSION, method]));
        if (method === NO_ACCEPTABLE)
          return fail(refuse('credentials', 'Username and password required'), Buffer.alloc(0));
        if (method === NO_AUTH) {
          stage = 'busy';
          ({ decision, recheck } = await authorize(context, mode, client, undefined));
          stage = 'request';
        } else {
          stage = 'auth';
        }
        return step();
      }
      if (stage === 'auth') {
        const userLength = buffer[1];
        if (userLength === undefined) return;
        const passwordLength = buffer[2 + userLength];
        if (passwordLength === undefined || buffer.length < 3 + userLength + passwordLength) return;
        if (buffer[0] !== 0x01) return void client.destroy();
        const username = buffer.subarray(2, 2 + userLength).toString('utf8');
        const password = buffer.subarray(3 + userLength, 3 + userLength + passwordLength).toString('utf8');
        buffer = buffer.subarray(3 + userLength + passwordLength);
        stage = 'busy';
        // On a pool port the source IP decides, whatever credentials are sent.
        ({ decision, recheck } = await authorize(context, mode, client, { username, password }));
        // Wrong credentials fail the sub-negotiation; a plan that cannot be used is told at the request (RFC 1929 §2).
        if (isRefusal(decision) && decision.refused === 'credentials')
          return fail(decision, Buffer.from([0x01, 0x01]));
        client.write(Buffer.from([0x01, 0x00]));
        stage = 'request';
        return step();
      }
      if (stage === 'request') {
        if (buffer.length < 4) return;
        if (buffer[0] !== VERSION) return void client.destroy();
        const address = readAddress(buffer, 3);
        if (address === 'incomplete') return;
        if (address === 'unsupported')
          return fail(refuse('bad-request', 'Address type not supported'), reply(REPLY.addressNotSupported));
        if (buffer[1] !== CONNECT)
          return fail(refuse('bad-request', 'Only CONNECT is supported'), reply(REPLY.commandNotSupported));
        target = { host: address.host, port: address.port };
        const rest = buffer.subarray(address.end);
        stage = 'busy';
        // From here the tunnel reads the socket: hold what comes early until it does.
        client.off('data', onData);
        client.pause();
        if (!decision || isRefusal(decision))
          return fail(
            decision ?? refuse('credentials', 'Not authenticated'),
            reply(SOCKS_REPLY[decision?.refused ?? 'credentials']),
          );
        const connection = await establish(context, decision, target, recheck, client, opening());
        if ('refused' in connection) return fail(connection, reply(SOCKS_REPLY[connection.refused]));
        metrics.accepted('socks5');
        client.write(reply(REPLY.succeeded));
        if (rest.length > 0) connection.egress.socket.write(rest);
        tunnel(context, client, connection.egress);
      }
    };

    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length > MAX_HANDSHAKE_BYTES) return void client.destroy();
      if (stage !== 'busy') void step().catch(() => client.destroy());
    };
    client.on('data', onData);
    void step().catch(() => client.destroy());
  };
};
