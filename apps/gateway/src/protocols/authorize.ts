import type { Socket } from 'node:net';
import { isRefusal, refuse, type Decision } from '../access/decision.js';
import type { GatewayContext, ListenerMode } from '../session.js';

export interface Authorized {
  decision: Decision;
  /** The same question against the latest snapshot, for as long as the connection is open. */
  recheck: () => boolean;
}

/**
 * Who is on this connection: on a pool port, its source IP; on the credentials port, the username and
 * password it sent (whatever the protocol).
 */
export const authorize = (
  { access }: GatewayContext,
  mode: ListenerMode,
  socket: Socket,
  credentials: { username: string; password: string } | undefined,
): Authorized | Promise<Authorized> => {
  if (mode === 'whitelist') {
    const check = () =>
      access.bySource(socket.localAddress ?? '', socket.localPort ?? 0, socket.remoteAddress ?? '');
    return { decision: check(), recheck: () => !isRefusal(check()) };
  }
  if (!credentials)
    return { decision: refuse('credentials', 'Proxy authentication required'), recheck: () => false };
  const { username, password } = credentials;
  const recheck = () => !isRefusal(access.stillByCredentials(username, password));
  const decision = access.byCredentials(username, password);
  return decision instanceof Promise
    ? decision.then((found) => ({ decision: found, recheck }))
    : { decision, recheck };
};
