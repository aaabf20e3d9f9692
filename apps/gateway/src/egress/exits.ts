import { isIP } from 'node:net';
import { lifetimeMinutes, STICKY_LIFETIME } from '@proxydesk/contract';
import type { Grant } from '../access/decision.js';
import { isLoopback } from './addresses.js';

/** Sticky sessions remembered at most (a customer can make up session ids without end): the oldest go first. */
const MAX_SESSIONS = 200_000;

interface Held {
  address: string;
  until: number;
}

/** A sticky session's lifetime in milliseconds: its `_lifetime-…` option, or the default 10 minutes. */
export const sessionLifetimeMs = (options: Readonly<Record<string, string>>): number =>
  ((options.lifetime !== undefined ? lifetimeMinutes(options.lifetime) : null) ??
    STICKY_LIFETIME.defaultMinutes) * 60_000;

/**
 * Which of the gateway's own exit addresses (GATEWAY_EGRESS_ADDRESSES) a credentials line leaves from (issue
 * #31 item 5): a rotating line takes the next one each connection; a sticky line keeps the one its session
 * first got for the session's lifetime, counted from that first connection, then takes the next. Sessions
 * are per customer (or sub-user) and product, so two customers choosing the same id never share one. With no exit
 * addresses (or none of the target's family) the machine's default address is used, for every line alike.
 */
export const createExits = (addresses: readonly string[], now: () => number = () => Date.now()) => {
  const byFamily = new Map<number, string[]>();
  for (const address of addresses) {
    const family = isIP(address);
    byFamily.set(family, [...(byFamily.get(family) ?? []), address]);
  }
  const turn = new Map<number, number>();
  const sessions = new Map<string, Held>();

  /** A loopback exit reaches loopback targets only (tests, a shop on one machine). */
  const usable = (address: string, target: string) => !isLoopback(address) || isLoopback(target);

  const next = (family: number, target: string): string | undefined => {
    const choices = byFamily.get(family)?.filter((address) => usable(address, target));
    if (!choices?.length) return undefined;
    const index = (turn.get(family) ?? 0) % choices.length;
    turn.set(family, index + 1);
    return choices[index];
  };

  const remember = (key: string, held: Held) => {
    if (sessions.size >= MAX_SESSIONS) {
      const at = now();
      for (const [each, { until }] of sessions) if (until <= at) sessions.delete(each);
      // Still full of live sessions: the oldest make way.
      for (const each of sessions.keys()) {
        if (sessions.size < MAX_SESSIONS) break;
        sessions.delete(each);
      }
    }
    sessions.set(key, held);
  };

  return {
    /** The local address to send from towards `target` (an address, already resolved), if any. */
    exitFor: (grant: Grant, target: string): string | undefined => {
      if (byFamily.size === 0) return undefined;
      const family = isIP(target);
      const session = grant.options.session;
      if (session === undefined) return next(family, target);
      const key = `${grant.subuserId ?? grant.userId}/${grant.productType}/${family}/${session}`;
      const at = now();
      const held = sessions.get(key);
      if (held && held.until > at && usable(held.address, target)) return held.address;
      const address = next(family, target);
      if (address !== undefined) {
        sessions.delete(key);
        remember(key, { address, until: at + sessionLifetimeMs(grant.options) });
      }
      return address;
    },
    /** Sticky sessions held now (metrics, tests). */
    sessions: () => sessions.size,
  };
};

export type Exits = ReturnType<typeof createExits>;
