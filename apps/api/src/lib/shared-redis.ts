import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Redis as the instances' shared memory (REDIS_URL), with whether it can be used right now. */
export interface SharedRedis {
  client: Redis;
  /** Connected and ready: when false, rate limits and attempt counters use this instance's memory. */
  isUp: () => boolean;
  close: () => Promise<void>;
}

/** How long the start waits for a first connection before it goes on without Redis for now. */
const FIRST_CONNECT_MS = 2000;

/**
 * Connects to REDIS_URL and keeps reconnecting (every 0.2 s, backing off to 2 s). Redis is optional at run time
 * (issue #14): while it is away every command fails at once instead of queueing, callers fall back to memory,
 * and the instance says so in one line, and in one more when Redis is back.
 */
export const connectSharedRedis = async (url: string, log: FastifyBaseLogger): Promise<SharedRedis> => {
  const client = new Redis(url, {
    connectTimeout: FIRST_CONNECT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let away = false;
  client.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(
      `Redis at REDIS_URL is not reachable (${error.message}): rate limits and attempt counters use each instance's memory until it is back`,
    );
  });
  client.on('ready', () => {
    if (away) log.info('Redis is reachable again: rate limits and attempt counters are shared again');
    away = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_CONNECT_MS);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    }
    client.once('ready', done);
    client.once('error', done);
  });
  return {
    client,
    isUp: () => client.status === 'ready',
    close: async () => {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
};
