import type { Database } from '@proxydesk/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';

export interface AppDependencies {
  config: Config;
  database: Database;
}

/** Largest accepted request body; anything bigger gets 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole HTTP app without listening: tests call this and `inject`. */
export const buildApp = async ({ config, database }: AppDependencies): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerDocs(app, config);

  healthRoutes(app, database);
  catalogueRoutes(app, createCatalogueService(database.db, config.CATALOGUE_CACHE_SECONDS));

  await registerWeb(app, config);
  return app;
};
