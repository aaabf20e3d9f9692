import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';

/** Names the field of the first validation problem: `body.email: Invalid email address`. */
const describeValidation = (error: FastifyError & { validation: { instancePath?: string; message?: string }[] }) => {
  const [first] = error.validation;
  const where = error.validationContext ?? 'request';
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return `${where}${field ? `.${field}` : ''}: ${first?.message ?? 'invalid value'}`;
};

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Body cannot be empty when content-type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
};

/**
 * One error handler for the whole API: every error becomes `{ detail }` with the right status;
 * details of a 5xx stay in the log (DESIGN.md §2, §5.4).
 */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body = error.payload === undefined ? { detail: error.detail } : { detail: error.detail, payload: error.payload };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ detail: describeValidation(error) });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: known[1] });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'answer does not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
};

/** JSON 404 for anything under /v1 (and any non-page request). */
export const sendNotFound = (reply: FastifyReply, method: string, url: string) =>
  reply.status(404).send({ detail: `No route ${method} ${url.split('?')[0] ?? url}` });
