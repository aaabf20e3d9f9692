import { errorSchema, type Endpoint, type z } from '@proxydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type Infer<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers the server side of a contract endpoint: same method, path and schemas as the web
 * client uses, so both are built from one definition (DESIGN.md §5.6).
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['response']>>,
): void => {
  if (endpoint.access !== 'public') {
    throw new Error(`${endpoint.method} ${endpoint.path} needs authentication, which is not available yet`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, '4xx': errorSchema },
    },
    handler: (request, reply) =>
      handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        request,
        reply,
      }),
  });
};
