import { lookup } from 'node:dns/promises';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { isDemoAddress } from '@proxydesk/contract';
import { refuse, type Grant, type Refusal } from '../access/decision.js';
import type { Deadlines } from '../deadlines.js';
import { isLoopback, normalizeIp, type TargetPolicy } from './addresses.js';
import type { Egress, Target } from './egress.js';
import type { Exits } from './exits.js';
import { createRelay, type Relay } from './relay.js';
import { connectThroughUpstream, type Upstream } from './upstream.js';

const NETWORK_ERRORS: Record<string, Refusal> = {
  ENOTFOUND: refuse('unreachable', 'Cannot resolve the target host'),
  EAI_AGAIN: refuse('unreachable', 'Cannot resolve the target host'),
  ECONNREFUSED: refuse('unreachable', 'The target refused the connection'),
  ECONNRESET: refuse('unreachable', 'The target closed the connection'),
  EHOSTUNREACH: refuse('unreachable', 'The target host is unreachable'),
  ENETUNREACH: refuse('unreachable', 'The target network is unreachable'),
  ETIMEDOUT: refuse('timeout', 'The target did not answer in time'),
};

/** Any failure to reach a target, as the refusal the customer is shown. */
const egressFailure = (error: unknown): Refusal =>
  NETWORK_ERRORS[(error as NodeJS.ErrnoException).code ?? ''] ??
  refuse('unreachable', 'Cannot reach the target');

const BLOCKED = refuse('target', 'This target is not allowed through the proxy');

/** Mail ports: a proxy shop's addresses must not send spam (what residential networks block too). */
const BLOCKED_PORTS = new Set([25, 465, 587]);

/** The address to connect to: resolved once here and checked, so a DNS answer cannot change between check and use. */
const resolveAllowed = (
  host: string,
  allowed: TargetPolicy,
): { address: string; family: number } | Refusal | Promise<{ address: string; family: number } | Refusal> => {
  if (isIP(host)) {
    // An address needs no look-up (and no waiting: most tunnels name one).
    const address = normalizeIp(host);
    return allowed(address) ? { address, family: isIP(address) } : BLOCKED;
  }
  return lookup(host, { all: true }).then(
    (answers) => answers.find((answer) => allowed(answer.address)) ?? BLOCKED,
  );
};

const connectDirect = (
  options: { host: string; port: number; family: number; localAddress?: string | undefined },
  timeoutMs: number,
  deadlines: Deadlines,
  relay: Relay | undefined,
): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = netConnect({
      host: options.host,
      port: options.port,
      family: options.family,
      localAddress: options.localAddress,
      noDelay: true,
      onread: relay?.onread,
    });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    // Destroyed with ETIMEDOUT when the target does not answer in time.
    deadlines.within(socket, timeoutMs);
    socket.once('error', fail);
    socket.once('connect', () => {
      deadlines.done(socket);
      socket.off('error', fail);
      resolve(socket);
    });
  });

/**
 * Opens the way to `target` for a grant (issue #6 §5, §6): through the product's upstream proxy where one is
 * configured, otherwise straight out, from the pool address the customer reached where it can. Refuses
 * targets the policy forbids before any byte leaves.
 */
export const openEgress = async (
  target: Target,
  grant: Grant,
  {
    allowed,
    upstream,
    timeoutMs,
    deadlines,
    relay: relayed,
    exits,
  }: {
    allowed: TargetPolicy;
    upstream: Upstream | undefined;
    /** The gateway's own exit addresses, for credentials lines (sticky sessions keep theirs). */
    exits?: Exits | undefined;
    timeoutMs: number;
    deadlines: Deadlines;
    /** A tunnel (CONNECT, SOCKS5) relays the target's bytes itself; a plain HTTP request reads them as a stream. */
    relay: boolean;
  },
): Promise<Egress | Refusal> => {
  if (BLOCKED_PORTS.has(target.port)) return BLOCKED;
  try {
    if (upstream) {
      // The upstream resolves names itself; a literal address is still checked here.
      if (isIP(target.host) && !allowed(target.host)) return BLOCKED;
      if (target.host === 'localhost' && !allowed('127.0.0.1')) return BLOCKED;
      return await connectThroughUpstream(upstream, target, grant, timeoutMs);
    }
    const found = resolveAllowed(target.host, allowed);
    const resolved = found instanceof Promise ? await found : found;
    if ('refused' in resolved) return resolved;
    // A datacenter address sends from itself (the customer's IP to the world), when it can reach the target from it.
    const from = grant.poolAddress;
    // A demo pool's documentation address belongs to no machine: it sends from the default address.
    const bindable =
      from !== undefined &&
      isIP(from) === resolved.family &&
      !isDemoAddress(from) &&
      (!isLoopback(from) || isLoopback(resolved.address));
    const relay = relayed ? createRelay() : undefined;
    const localAddress =
      from === undefined ? exits?.exitFor(grant, resolved.address) : bindable ? from : undefined;
    const socket = await connectDirect(
      { host: resolved.address, port: target.port, family: resolved.family, localAddress },
      timeoutMs,
      deadlines,
      relay,
    );
    return { socket, sentBefore: 0, receivedBefore: 0, ...(relay ? { relay } : {}) };
  } catch (error) {
    return egressFailure(error);
  }
};
