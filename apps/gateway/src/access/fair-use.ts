import type { SeenSource } from '@proxydesk/db';
import { refuse, type Grant, type Refusal } from './decision.js';

/** Source addresses remembered per set of credentials at most (a window full of them is refused anyway). */
const MAX_REMEMBERED = 1024;
/** Sightings kept for the next write at most (a database away for long: the newest are what matter). */
const MAX_SIGHTINGS = 50_000;

/** The caps that hold for one set of credentials now: 0 turns a rule off (the window still bounds sightings). */
export interface FairUseCaps {
  maxSources: number;
  windowMs: number;
  maxConnections: number;
}

/** Nothing counted against: a grant without caps (whitelisted IPs are never admitted here anyway). */
const OFF: FairUseCaps = { maxSources: 0, windowMs: 600_000, maxConnections: 0 };

/** The caps the snapshot put on a grant. */
export const fairUseCapsOf = (grant: Grant): FairUseCaps => grant.fairUse ?? OFF;

/** A set of credentials: the sub-user's id, or the owner's line of a product (`userId/PR_x`). */
export const credentialOf = (grant: Grant): string =>
  grant.subuserId ?? `${grant.userId}/${grant.productType}`;

/**
 * Fair use against sharing (issue #31 item 3, ADR 018), per set of credentials (the owner's line of a product,
 * or each sub-user's): at most `maxSources` distinct source addresses in a sliding window (an address counts
 * from its latest connection), and at most `maxConnections` open connections. `capsOf` answers the caps from the
 * access snapshot (the customer's within the shop's maximums), so a change reaches here with the next re-read.
 * Going over is refused 429 with the rule named, which the access log writes. Every admitted source is also
 * a sighting, which the gateway writes to the database with its usage batch (what the customer sees).
 */
export const createFairUse = (
  capsOf: (grant: Grant) => FairUseCaps,
  now: () => number = () => Date.now(),
) => {
  const sources = new Map<string, Map<string, number>>();
  const open = new Map<string, number>();
  let sightings = new Map<string, SeenSource>();

  /** Forgets sources last seen before the window; answers the ones still in it. */
  const current = (key: string, at: number, windowMs: number): Map<string, number> => {
    const seen = sources.get(key) ?? new Map<string, number>();
    for (const [source, last] of seen) if (last <= at - windowMs) seen.delete(source);
    if (seen.size === 0) sources.delete(key);
    return seen;
  };

  const sighted = (key: string, grant: Grant, address: string, at: number) => {
    const id = `${key}\n${address}`;
    const known = sightings.get(id);
    if (known) known.lastSeen = new Date(at);
    else if (sightings.size < MAX_SIGHTINGS)
      sightings.set(id, {
        credential: key,
        userId: grant.userId,
        productType: grant.productType,
        subuserId: grant.subuserId,
        address,
        lastSeen: new Date(at),
      });
  };

  return {
    /** Whether a new connection of `grant` from `source` is within fair use; if so, it counts as open. */
    admit: (grant: Grant, source: string): Refusal | undefined => {
      const key = credentialOf(grant);
      const { maxSources, windowMs, maxConnections } = capsOf(grant);
      const who = {
        customer: grant.userId,
        product: grant.productType,
        ...(grant.subuserId ? { subuser: grant.subuserId } : {}),
      };
      const opened = open.get(key) ?? 0;
      if (maxConnections > 0 && opened >= maxConnections)
        return refuse(
          'busy',
          `Fair use: too many open connections for these credentials (at most ${maxConnections})`,
          who,
        );
      const at = now();
      const seen = current(key, at, windowMs);
      if (maxSources > 0 && !seen.has(source) && seen.size >= maxSources)
        return refuse(
          'busy',
          `Fair use: too many source addresses for these credentials (at most ${maxSources} in ${Math.round(windowMs / 60_000)} minutes)`,
          who,
        );
      seen.delete(source);
      seen.set(source, at);
      if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
      sources.set(key, seen);
      sighted(key, grant, source, at);
      open.set(key, opened + 1);
      return undefined;
    },
    /** A connection `admit` let in has ended. */
    release: (grant: Grant) => {
      const key = credentialOf(grant);
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    },
    /** Sightings since the last call, for the database (`recordSources`); cleared. */
    drainSightings: (): SeenSource[] => {
      const drained = [...sightings.values()];
      sightings = new Map();
      return drained;
    },
    /** Sightings a failed write gives back (newer ones gathered meanwhile win). */
    restoreSightings: (lost: SeenSource[]) => {
      for (const each of lost) {
        const id = `${each.credential}\n${each.address}`;
        if (!sightings.has(id) && sightings.size < MAX_SIGHTINGS) sightings.set(id, each);
      }
    },
    /** The source addresses of a set of credentials within its window, newest first. */
    sourcesOf: (grant: Grant): { address: string; lastSeen: Date }[] =>
      [...current(credentialOf(grant), now(), capsOf(grant).windowMs)]
        .reverse()
        .map(([address, last]) => ({ address, lastSeen: new Date(last) })),
  };
};

export type FairUse = ReturnType<typeof createFairUse>;
