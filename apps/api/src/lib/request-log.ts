import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

const current = new AsyncLocalStorage<FastifyRequest>();

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A logger for services built once per app (mail, payments) that writes through the logger of the request
 * being served, so that their lines carry its request id (and the user id once authenticated); outside a
 * request, through `base`. Each request runs in its own async context from its first hook.
 */
export const requestLog = (app: FastifyInstance): FastifyBaseLogger => {
  app.addHook('onRequest', (request, _reply, done) => current.run(request, done));
  // Authentication (a route's onRequest) may have bound the user: the reply's lines, "request completed"
  // among them, use the same logger.
  app.addHook('preParsing', (request, reply, payload, done) => {
    reply.log = request.log;
    done(null, payload);
  });
  const log = () => current.getStore()?.log ?? app.log;
  const logger = {
    child: (bindings: Record<string, unknown>, options?: object) => log().child(bindings, options),
  } as FastifyBaseLogger;
  for (const level of LEVELS) {
    Object.defineProperty(logger, level, {
      value: (...args: Parameters<FastifyBaseLogger['info']>) => log()[level](...args),
    });
  }
  Object.defineProperty(logger, 'level', {
    get: () => log().level,
    set: (value: string) => (app.log.level = value),
  });
  return logger;
};

/** Every later line of an authenticated request, the request's and the reply's own, names the user. */
export const bindUser = (request: FastifyRequest, userId: string): void => {
  request.log = request.log.child({ userId });
};

/** Health checks and files (anything with an extension: assets, icons) that went well are not news at `info`. */
const QUIET = /^\/(healthz|readyz)(\/|$)|\.[a-z0-9]+$/i;

/**
 * One line per request, once answered (issue #29: two lines each, health checks and files included, filled disks):
 * method, route pattern (never the address asked for, which may carry codes), status and milliseconds, with the
 * request's `reqId` and, when authenticated, `userId` (bound to its logger). Health checks and files that were
 * answered below 400 go at `debug`.
 */
export const logRequests = (app: FastifyInstance): void => {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const quiet = status < 400 && QUIET.test(request.url.split('?')[0] ?? '');
    request.log[quiet ? 'debug' : 'info'](
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
};
