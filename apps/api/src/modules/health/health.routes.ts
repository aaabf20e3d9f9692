import { healthSchema, readinessSchema } from '@proxydesk/contract';
import type { Database } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadinessChecks } from './readiness.js';

/**
 * `/healthz`: liveness, the process answers (it never asks the database, so an outage does not get every
 * instance restarted). `/readyz`: readiness for a load balancer, each dependency named, 503 when one the
 * shop needs is down.
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
    async (_request, reply) => {
      const report = await readiness.report();
      return reply
        .status(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
};
