import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
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

export const registerSecurity = async (
  app: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
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
    ...(redis ? { redis, nameSpace: 'proxydesk-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${context.after}`),
  });
};
