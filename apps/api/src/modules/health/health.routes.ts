import { healthSchema } from '@proxydesk/contract';
import { pingDatabase, type Database } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Liveness and readiness for a load balancer: answers only when the database does. */
export const healthRoutes = (app: FastifyInstance, database: Database): void => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/healthz', { schema: { hide: true, response: { 200: healthSchema } } }, async () => {
      await pingDatabase(database.db);
      return { status: 'ok' as const, database: database.kind };
    });
};
