import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { addressKey } from '../lib/client-address.js';
import type { Counters } from '../lib/counters.js';
import { HttpError } from '../lib/http-error.js';

/**
 * A strict CSP: our own scripts only; Mantine needs inline styles. Frames only for Paddle's overlay
 * checkout, whose page lives on an https address of the seller's choosing (or PADDLE_API_BASE's, in tests).
 */
const contentSecurityPolicy = (config: Config) => ({
  useDefaults: false,
  directives: {
    frameSrc: [
      "'self'",
      'https:',
      ...(config.PADDLE_API_BASE ? [new URL(config.PADDLE_API_BASE).origin] : []),
    ],
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
});

/** A year, subdomains included: helmet's default value. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The path the rate limit judges: the route that answers (the router decodes `/%761/...` to `/v1/...`),
 * or for a request no route answers, its decoded URL.
 */
const limitedPath = (request: FastifyRequest): string => {
  if (request.routeOptions.url) return request.routeOptions.url;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * The rate limit's counts in the shared counters (Redis, or this instance's memory while Redis is away), so
 * that the limit holds across instances and survives Redis going (issue #14).
 */
class SharedStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: Counters,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.counters.count(`${this.prefix}${key}`, timeWindow).then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: { path: string }): FastifyRateLimitStore {
    return new SharedStore(this.counters, `${this.prefix}${routeOptions.path}-`);
  }
}

const sharedStoreOf = (counters: Counters) =>
  class extends SharedStore {
    constructor() {
      super(counters, 'rl:');
    }
  };

/** `sharedCounters`: with REDIS_URL, the counters the instances share; the limit counts in memory otherwise. */
export const registerSecurity = async (
  app: FastifyInstance,
  config: Config,
  sharedCounters: Counters | undefined,
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // HSTS only where the browser reached us over HTTPS (issue #15 §12): on a TLS socket, or through a load
  // balancer that TRUST_PROXY trusts and that says so in X-Forwarded-Proto (Fastify checks both).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  // Only the API is limited: static files and the docs are not (DESIGN.md §6), nor payment providers'
  // webhooks, which come in bursts from a few addresses and are checked by signature.
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => {
      const path = limitedPath(request);
      return !path.startsWith('/v1/') || path.startsWith('/v1/webhooks/');
    },
    ...(sharedCounters ? { store: sharedStoreOf(sharedCounters) } : {}),
    // A client that hung up before its request was judged has no address left: still a key, never a crash.
    // An IPv6 client counts by its /64 (issue #28 item 12).
    keyGenerator: (request) => addressKey(request.ip ?? request.socket?.remoteAddress ?? 'gone'),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${context.after}`),
  });
};
