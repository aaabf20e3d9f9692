import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorSchema } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { publicUrl, type Config } from '../config.js';
import { describeOperation, tidyDocument } from './openapi-document.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** OpenAPI generated from the contract's zod schemas; UI at /docs, document at /docs/json (ADR 017). */
export const registerDocs = async (app: FastifyInstance, config: Config): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.BRAND_NAME} API`,
        version: '1.0.0',
        description: 'Customer dashboard API',
        license: { name: 'Proprietary', url: publicUrl(config) },
      },
      servers: [{ url: publicUrl(config) }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Api-Key <key>' },
        },
      },
    },
    transform: (input: TransformInput) => {
      const method = [input.route.method].flat()[0] ?? 'GET';
      const schema = describeOperation(
        (input.schema ?? {}) as Record<string, unknown>,
        method,
        input.url,
        errorSchema,
      );
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: (input) =>
      tidyDocument(jsonSchemaTransformObject(input) as unknown as Record<string, unknown>) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
};
