import { refuse, type Grant, type Refusal } from './decision.js';

/** Source addresses remembered per set of credentials at most (a window full of them is refused anyway). */
const MAX_REMEMBERED = 1024;

/**
 * Fair use against sharing (issue #31 item 3), per set of credentials (the owner's, or each sub-user's): at
 * most `maxSources` distinct source addresses in a sliding window of `windowMs` (an address counts from its
 * latest connection), and at most `maxConnections` open connections. 0 turns a rule off. Going over is refused
 * 429 with the rule named, which the access log writes. The operator's caps for now (GATEWAY_FAIR_USE_*); the
 * customer's own, within them, are a follow-up.
 */
export const createFairUse = (
  { maxSources, windowMs, maxConnections }: { maxSources: number; windowMs: number; maxConnections: number },
  now: () => number = () => Date.now(),
) => {
  const sources = new Map<string, Map<string, number>>();
  const open = new Map<string, number>();
  const keyOf = (grant: Grant) => grant.subuserId ?? grant.userId;
  const minutes = Math.round(windowMs / 60_000);

  /** Forgets sources last seen before the window; answers the ones still in it. */
  const current = (key: string, at: number): Map<string, number> => {
    const seen = sources.get(key) ?? new Map<string, number>();
    for (const [source, last] of seen) if (last <= at - windowMs) seen.delete(source);
    if (seen.size === 0) sources.delete(key);
    return seen;
  };

  return {
    /** Whether a new connection of `grant` from `source` is within fair use; if so, it counts as open. */
    admit: (grant: Grant, source: string): Refusal | undefined => {
      const key = keyOf(grant);
      const who = {
        customer: grant.userId,
        product: grant.productType,
        ...(grant.subuserId ? { subuser: grant.subuserId } : {}),
      };
      if (maxConnections > 0 && (open.get(key) ?? 0) >= maxConnections)
        return refuse(
          'busy',
          `Fair use: too many open connections for these credentials (at most ${maxConnections})`,
          who,
        );
      if (maxSources > 0) {
        const at = now();
        const seen = current(key, at);
        if (!seen.has(source) && seen.size >= maxSources)
          return refuse(
            'busy',
            `Fair use: too many source addresses for these credentials (at most ${maxSources} in ${minutes} minutes)`,
            who,
          );
        seen.delete(source);
        seen.set(source, at);
        if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
        sources.set(key, seen);
      }
      if (maxConnections > 0) open.set(key, (open.get(key) ?? 0) + 1);
      return undefined;
    },
    /** A connection `admit` let in has ended. */
    release: (grant: Grant) => {
      if (maxConnections === 0) return;
      const key = keyOf(grant);
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    },
    /** The source addresses of a set of credentials within the window, newest first (what the customer sees). */
    sourcesOf: (credentials: string): { address: string; lastSeen: Date }[] =>
      [...current(credentials, now())]
        .reverse()
        .map(([address, last]) => ({ address, lastSeen: new Date(last) })),
  };
};

export type FairUse = ReturnType<typeof createFairUse>;
