import { errorSchema, z, type Endpoint } from '@proxydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Account } from '../plugins/authenticate.js';

/** What a route receives for an endpoint's optional schema: its parsed output, or undefined when it has none. */
type Infer<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodMiniType
    ? z.output<Exclude<T, undefined>>
    : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  /** The caller, on every route that is not public. */
  account: E['access'] extends 'public' ? null : Account;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A serializer compiled from the response schema (fast-json-stringify over its JSON Schema), for hot reads whose
 * answers the route builds itself (ADR 008): the same bytes as the default serializer, which checks the answer
 * against the schema with zod before it writes it.
 */
const compiledSerializer = ({ schema }: { schema: unknown }) =>
  fastJson(z.toJSONSchema(schema as z.ZodMiniType, { io: 'output', target: 'draft-7' }) as object);

export interface RouteOptions {
  /** Write answers with a serializer compiled from the schema, unchecked (see `compiledSerializer`). */
  compiledSerializer?: boolean;
}

/**
 * Registers the server side of a contract endpoint: same method, path and schemas as the web
 * client uses, so both are built from one definition (DESIGN.md §5.6).
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['response']>>,
  options: RouteOptions = {},
): void => {
  const { access } = endpoint;
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
      ...(access === 'public'
        ? {}
        : {
            security:
              access === 'staff' || access === 'operator' || access === 'session'
                ? [{ bearer: [] }]
                : [{ bearer: [] }, { apiKey: [] }],
          }),
    },
    ...(options.compiledSerializer ? { serializerCompiler: compiledSerializer } : {}),
    ...(access === 'public'
      ? {}
      : { onRequest: async (request: FastifyRequest) => void (await app.authenticate(request, access)) }),
    handler: (request, reply) =>
      handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        account: request.account as RouteInput<E>['account'],
        request,
        reply,
      }),
  });
};
