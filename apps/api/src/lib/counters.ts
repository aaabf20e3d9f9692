import type { Redis } from 'ioredis';

/**
 * Short-lived counters for attempt limits and single-use claims: in this process by default, in Redis
 * with REDIS_URL so that they hold across API instances (DESIGN.md §1).
 */
export interface Counters {
  /** Counts one attempt under `key` in a fixed window; `allowed` is false past `limit`. */
  hit(
    key: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Forgets the attempts under `key` (a success ends a run of failures). */
  reset(key: string): Promise<void>;
  /** True the first time `key` is claimed within `ttlSeconds`, false after (replay protection). */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

const redisCounters = (redis: Redis, prefix: string): Counters => ({
  hit: async (key, limit, windowSeconds) => {
    const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowSeconds * 1000)) as [
      number,
      number,
    ];
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  },
  reset: async (key) => void (await redis.del(`${prefix}${key}`)),
  claimOnce: async (key, ttlSeconds) =>
    (await redis.set(`${prefix}${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK',
});

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
  return {
    hit: (key, limit, windowSeconds) => {
      sweep();
      const entry = live(key) ?? { count: 0, until: now() + windowSeconds * 1000 };
      entry.count += 1;
      entries.set(key, entry);
      return Promise.resolve({
        allowed: entry.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((entry.until - now()) / 1000)),
      });
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

export const createCounters = (redis: Redis | undefined, now: () => number = Date.now): Counters =>
  redis ? redisCounters(redis, 'proxydesk-counter:') : memoryCounters(now);
