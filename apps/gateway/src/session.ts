import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { AccessLog } from './access-log.js';
import type { Access } from './access/access.js';
import type { FairUse } from './access/fair-use.js';
import { refuse, type Grant, type Refusal } from './access/decision.js';
import type { GatewayConfig } from './config.js';
import type { Deadlines } from './deadlines.js';
import { normalizeIp, type TargetPolicy } from './egress/addresses.js';
import { openEgress } from './egress/connect.js';
import type { Egress, Target } from './egress/egress.js';
import type { Exits } from './egress/exits.js';
import { pump } from './egress/relay.js';
import type { Upstream } from './egress/upstream.js';
import { statsHost, type Meter, type Metered } from './meter.js';
import type { GatewayMetrics } from './metrics.js';

/** Everything a protocol handler needs, built once per gateway. */
export interface GatewayContext {
  access: Access;
  meter: Meter;
  metrics: GatewayMetrics;
  allowed: TargetPolicy;
  config: GatewayConfig;
  deadlines: Deadlines;
  /** The gateway's own exit addresses and the sticky sessions holding them. */
  exits: Exits;
  /** Per-credentials caps on source addresses and open connections (issue #31 item 3). */
  fairUse: FairUse;
  log: Logger;
  /** One line per finished connection, unless GATEWAY_ACCESS_LOG=off. */
  accessLog: AccessLog | undefined;
}

/** How a connection began: its protocol, and when (`performance.now()`) it was accepted or its request came. */
export interface Opening {
  protocol: string;
  startedAt: number;
}

const ACCEPTED_AT = Symbol('acceptedAt');
type Marked = Socket & { [ACCEPTED_AT]?: number };

/** Notes when the listener accepted `socket`, for the handshake time and the access log. */
export const markAccepted = (socket: Socket): void => {
  (socket as Marked)[ACCEPTED_AT] = performance.now();
};
/** When `socket` was accepted (now, if it was not marked). */
export const acceptedAt = (socket: Socket): number => (socket as Marked)[ACCEPTED_AT] ?? performance.now();

/** A plain HTTP request's start: the connection's for its first request, the request's own for the next ones. */
export const startOfRequest = (socket: Socket): number => {
  const first = (socket as Marked)[ACCEPTED_AT];
  (socket as Marked)[ACCEPTED_AT] = undefined;
  return first ?? performance.now();
};

const hostPort = ({ host, port }: Target) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

const entryBase = (source: string, { protocol, startedAt }: Opening, target: Target | undefined) => ({
  time: new Date(performance.timeOrigin + startedAt).toISOString(),
  source,
  ...(target ? { target: hostPort(target) } : {}),
  protocol,
  durationMs: Math.round(performance.now() - startedAt),
});

/** A refused connection: tallied, and its access log line written (with the customer, when known). */
export const reportRefusal = (
  { metrics, accessLog }: GatewayContext,
  client: Socket,
  opening: Opening,
  refusal: Refusal,
  { target, grant }: { target?: Target | undefined; grant?: Grant | undefined } = {},
): void => {
  metrics.refused(opening.protocol, refusal.refused);
  accessLog?.write({
    ...entryBase(normalizeIp(client.remoteAddress ?? ''), opening, target),
    ...(grant
      ? { customer: grant.userId, product: grant.productType }
      : refusal.customer
        ? { customer: refusal.customer, product: refusal.product }
        : {}),
    ...((grant?.subuserId ?? refusal.subuser) ? { subuser: grant?.subuserId ?? refusal.subuser } : {}),
    up: 0,
    down: 0,
    outcome: refusal.refused,
    reason: refusal.reason,
  });
};

/** A connection that went through has ended: its last bytes are counted and its access log line written. */
const finished = (
  { meter, accessLog }: GatewayContext,
  connection: Metered & { egress: Egress },
  opening: Opening,
  target: Target,
  /** Addresses read while the sockets were open (a closed socket forgets them). */
  ends: { source: string; egress: string } | undefined,
) => {
  meter.release(connection);
  if (!accessLog || !ends) return;
  accessLog.write({
    ...entryBase(ends.source, opening, target),
    customer: connection.grant.userId,
    product: connection.grant.productType,
    ...(connection.grant.subuserId ? { subuser: connection.grant.subuserId } : {}),
    egress: ends.egress,
    up: connection.sent,
    down: connection.received,
    outcome: 'ok',
  });
};

/** How a listener knows its customers: by proxy credentials (31112) or by whitelisted source IP (pool ports). */
export type ListenerMode = 'credentials' | 'whitelist';

const ms = (seconds: number) => Math.round(seconds * 1000);

/** The upstream a grant's product is chained through, if any (datacenter / IPv6 always go direct). */
const upstreamFor = (config: GatewayConfig, grant: Grant): Upstream | undefined =>
  (config.upstreams as Partial<Record<string, Upstream>>)[grant.productType];

/**
 * After authentication: within the customer's connection cap, opens the egress and registers the connection
 * with the meter, so its bytes count from the first one and `enforce` can close it. Nothing reaches the
 * target before this succeeds.
 */
export const establish = async (
  context: GatewayContext,
  grant: Grant,
  target: Target,
  recheck: () => boolean,
  client: Socket,
  /** A plain HTTP request reads the target as a stream; tunnels relay it. */
  { stream = false, ...opening }: Opening & { stream?: boolean },
): Promise<(Metered & { egress: Egress }) | Refusal> => {
  const { meter, config, allowed, deadlines, metrics } = context;
  if (meter.connectionsOf(grant.userId) >= config.GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER) {
    return refuse(
      'busy',
      `Too many open connections (at most ${config.GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER})`,
    );
  }
  // Credentials lines only: a whitelisted IP is one source by definition.
  const fair = grant.poolAddress === undefined;
  const unfair = fair ? context.fairUse.admit(grant, normalizeIp(client.remoteAddress ?? '')) : undefined;
  if (unfair) return unfair;
  let admitted = fair;
  const leave = () => {
    if (admitted) context.fairUse.release(grant);
    admitted = false;
  };
  const connection: Metered = {
    grant,
    recheck,
    // Domain statistics are per set of credentials: a whitelisted pool address's lines keep none.
    ...(grant.poolAddress === undefined ? { host: statsHost(target.host) } : {}),
    sent: 0,
    received: 0,
    close: () => {
      client.destroy();
      connection.egress?.socket.destroy();
    },
  };
  meter.track(connection);
  // From here the target's own deadline counts: one that does not answer gets the customer a 504, not a cut.
  deadlines.done(client);
  if (stream) client.setTimeout(0);
  const connecting = performance.now();
  const egress = await openEgress(target, grant, {
    allowed,
    upstream: upstreamFor(config, grant),
    exits: context.exits,
    timeoutMs: ms(config.GATEWAY_HANDSHAKE_SECONDS),
    deadlines,
    relay: !stream,
  });
  if ('refused' in egress) {
    meter.release(connection);
    leave();
    return egress;
  }
  connection.egress = egress;
  egress.socket.once('close', leave);
  if (client.destroyed) {
    egress.socket.destroy();
    meter.release(connection);
    return refuse('unreachable', 'The client went away');
  }
  const established = Object.assign(connection, { egress });
  const now = performance.now();
  metrics.established(
    opening.protocol,
    grant.productType,
    (now - opening.startedAt) / 1000,
    (now - connecting) / 1000,
  );
  const ends = context.accessLog && {
    source: normalizeIp(client.remoteAddress ?? ''),
    egress: egress.socket.localAddress ?? '',
  };
  egress.socket.once('close', () => finished(context, established, opening, target, ends));
  return established;
};

/**
 * Answers a refused customer and gives it the handshake time to go: one that keeps the connection open after
 * the answer is dropped.
 */
export const endRefused = (
  { deadlines, config }: GatewayContext,
  client: Socket,
  answer: string | Buffer,
): void => {
  client.end(answer);
  deadlines.within(client, ms(config.GATEWAY_HANDSHAKE_SECONDS));
};

/** A socket error has already destroyed the socket; its close then ends the other side (see `pump`). */
const ignore = () => undefined;

/**
 * Joins client and egress both ways until either side is done. A side that closes ends the other once its
 * data is out (or at once, after an error); a tunnel quiet for the idle time, or a side that never closes,
 * is destroyed. The client's errors are already handled by its listener.
 */
export const tunnel = (
  { deadlines, config }: GatewayContext,
  client: Socket,
  { socket: egress, relay }: Egress,
): void => {
  deadlines.idle(client, egress, ms(config.GATEWAY_IDLE_SECONDS));
  egress.on('error', ignore);
  pump(client, egress);
  if (relay) relay.start(egress, client);
  else pump(egress, client);
};
