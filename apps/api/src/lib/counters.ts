import {
  claimAttemptKey,
  countAttempt,
  forgiveAttempt,
  peekAttempts,
  resetAttempts,
  type Db,
} from '@proxydesk/db';
import type { Redis } from 'ioredis';
import type { SharedRedis } from './shared-redis.js';

/**
 * Short-lived counters for attempt limits and single-use claims, shared by every API instance and kept over
 * restarts: in Redis with REDIS_URL (DESIGN.md §1), in the database otherwise (issue #28 item 11).
 */
export interface Counters {
  /** Counts one attempt under `key` in a fixed window; `allowed` is false past `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<Hit>;
  /** The attempts counted under `key` so far in its window, without counting one. */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  /** Takes back one attempt under `key` (it turned out to be a success that must not count). */
  forgive(key: string): Promise<void>;
  /** Forgets the attempts under `key` (a success ends a run of failures). */
  reset(key: string): Promise<void>;
  /** True the first time `key` is claimed within `ttlSeconds`, false after (replay protection). */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  /** Counts one more under `key` in a fixed window of `windowMs`: the count so far and the time left. */
  count(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

export interface Hit {
  allowed: boolean;
  /** The attempts in the window, this one included. */
  count: number;
  retryAfterSeconds: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const hitFrom =
  (count: Counters['count']): Counters['hit'] =>
  async (key, limit, windowSeconds) => {
    const { count: sofar, ttlMs } = await count(key, windowSeconds * 1000);
    return { allowed: sofar <= limit, count: sofar, retryAfterSeconds: seconds(ttlMs) };
  };

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const redisCounters = (redis: Redis, prefix: string): Counters => {
  const count: Counters['count'] = async (key, windowMs) => {
    const [sofar, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [number, number];
    return { count: sofar, ttlMs };
  };
  return {
    count,
    hit: hitFrom(count),
    peek: async (key) => {
      const [sofar, ttlMs] = await Promise.all([redis.get(`${prefix}${key}`), redis.pttl(`${prefix}${key}`)]);
      return { count: Number(sofar ?? 0), retryAfterSeconds: seconds(ttlMs) };
    },
    forgive: async (key) => void (await redis.eval(FORGIVE_SCRIPT, 1, `${prefix}${key}`)),
    reset: async (key) => void (await redis.del(`${prefix}${key}`)),
    claimOnce: async (key, ttlSeconds) =>
      (await redis.set(`${prefix}${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK',
  };
};

/** The counters in the database's `attempt_counters` table: each call one atomic statement. */
const databaseCounters = (db: Db): Counters => {
  const count: Counters['count'] = (key, windowMs) => countAttempt(db, key, windowMs);
  return {
    count,
    hit: hitFrom(count),
    peek: async (key) => {
      const { count: sofar, ttlMs } = await peekAttempts(db, key);
      return { count: sofar, retryAfterSeconds: sofar ? seconds(ttlMs) : 0 };
    },
    forgive: (key) => forgiveAttempt(db, key),
    reset: (key) => resetAttempts(db, key),
    claimOnce: (key, ttlSeconds) => claimAttemptKey(db, key, ttlSeconds * 1000),
  };
};

const memoryCounters = (now: () => number): Counters => {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) entries.delete(key);
    return entries.get(key);
  };
  const sweep = () => {
    if (entries.size < 10_000) return;
    for (const [key, entry] of entries) if (entry.until <= now()) entries.delete(key);
  };
  const count: Counters['count'] = (key, windowMs) => {
    sweep();
    const entry = live(key) ?? { count: 0, until: now() + windowMs };
    entry.count += 1;
    entries.set(key, entry);
    return Promise.resolve({ count: entry.count, ttlMs: entry.until - now() });
  };
  return {
    count,
    hit: hitFrom(count),
    peek: (key) => {
      const entry = live(key);
      return Promise.resolve({
        count: entry?.count ?? 0,
        retryAfterSeconds: entry ? seconds(entry.until - now()) : 0,
      });
    },
    forgive: (key) => {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
      return Promise.resolve();
    },
    reset: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    claimOnce: (key, ttlSeconds) => {
      sweep();
      if (live(key)) return Promise.resolve(false);
      entries.set(key, { count: 1, until: now() + ttlSeconds * 1000 });
      return Promise.resolve(true);
    },
  };
};

/**
 * Redis while it is up, this instance's memory while it is not (issue #14: Redis is optional at run time; the
 * shared client says when it goes and comes back). A command that fails on the way counts in memory too.
 */
const withFallback = (shared: Counters, local: Counters, isUp: () => boolean): Counters => {
  const count: Counters['count'] = (...args) =>
    isUp() ? shared.count(...args).catch(() => local.count(...args)) : local.count(...args);
  return {
    count,
    hit: hitFrom(count),
    peek: (key) => (isUp() ? shared.peek(key).catch(() => local.peek(key)) : local.peek(key)),
    forgive: (key) => (isUp() ? shared.forgive(key).catch(() => local.forgive(key)) : local.forgive(key)),
    reset: (key) => (isUp() ? shared.reset(key).catch(() => local.reset(key)) : local.reset(key)),
    claimOnce: (...args) =>
      isUp() ? shared.claimOnce(...args).catch(() => local.claimOnce(...args)) : local.claimOnce(...args),
  };
};

/**
 * With REDIS_URL, Redis (this instance's memory while Redis is away); without it, the database, so that the
 * budgets of sign-in and code guessing hold across restarts and instances (issue #28 item 11).
 */
export const createCounters = (
  redis: SharedRedis | undefined,
  db: Db,
  now: () => number = Date.now,
): Counters =>
  redis
    ? withFallback(redisCounters(redis.client, 'proxydesk-counter:'), memoryCounters(now), redis.isUp)
    : databaseCounters(db);
