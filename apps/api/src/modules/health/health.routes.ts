import { healthSchema, readinessSchema } from '@proxydesk/contract';
import type { Database } from '@proxydesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadinessChecks } from './readiness.js';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A client on this machine, asking itself (a health check, the operator's curl): its socket comes from loopback
 * and no proxy forwarded it. A reverse proxy on the same machine forwards the world's requests from loopback too,
 * with a forwarding header: those get the bare answer.
 */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;

/**
 * `/healthz`: liveness, the process answers (it never asks the database, so an outage does not get every
 * instance restarted). `/readyz`: readiness for a load balancer, 503 when a dependency the shop needs is down;
 * each dependency is named (database kind and latency, Redis, mail, jobs, the gateway and its snapshot's age) only
 * for clients on this machine and on the metrics port, the world gets the bare status (ADR 013).
 */
export const healthRoutes = (app: FastifyInstance, database: Database, readiness: ReadinessChecks): void => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: database.kind };
    },
  );
  typed.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const report = await readiness.report();
      return reply
        .status(report.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(fromThisMachine(request) ? report : { status: report.status });
    },
  );
};
