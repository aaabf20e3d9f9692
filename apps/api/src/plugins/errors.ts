import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE,
  DATABASE_BUSY,
  isDatabaseBusy,
  isDatabaseUnavailable,
  isTransactionConflict,
  TRANSACTION_CONFLICT,
} from '@proxydesk/db';
import { HttpError } from '../lib/http-error.js';

/** Names the field of the first validation problem: `body.email: Invalid email address`. */
const describeValidation = (
  error: FastifyError & { validation: { instancePath?: string; message?: string }[] },
) => {
  const [first] = error.validation;
  const where = error.validationContext ?? 'request';
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return `${where}${field ? `.${field}` : ''}: ${first?.message ?? 'invalid value'}`;
};

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
};

/** PostgreSQL's "data exception" class: a value the database cannot hold (out of range, not text). */
const isDataException = (error: unknown): boolean => {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('22');
};

/**
 * One error handler for the whole API: every error becomes `{ detail }` with the right status;
 * details of a 5xx stay in the log (DESIGN.md §2, §5.4).
 */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body =
        error.payload === undefined
          ? { detail: error.detail }
          : { detail: error.detail, payload: error.payload };
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
    if (isDataException(error)) {
      // The contract should have refused the value; this keeps bad input a 400 where it did not.
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ detail: 'A value in the request is out of range or not valid' });
    }
    if (isTransactionConflict(error)) {
      // A deadlock or serialization failure ended this request's transaction, rolled back: it may be sent again.
      request.log.warn({ err: error }, 'transaction ended by a conflicting one');
      return reply.status(409).send({ detail: TRANSACTION_CONFLICT });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn('no free database connection in time: answering 503 busy');
      return reply.status(503).header('retry-after', '1').send({ detail: DATABASE_BUSY });
    }
    if (isDatabaseUnavailable(error)) {
      // Weather, not a fault: the pool logs the outage once; clients are told to come back (issue #14).
      request.log.debug({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ detail: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: DATABASE_BUSY });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
};

/** The first string under `value` holding U+0000, as a field path (`body.username`). */
const nulField = (value: unknown, path: string): string | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
};

/** Deeper than any request of the contract nests (a few levels), shallow enough for every walk of a body. */
export const MAX_JSON_DEPTH = 32;

/** Does JSON text nest arrays/objects deeper than `max`? One pass, brackets inside strings not counted. */
const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
};

/**
 * Input the contract's schemas do not see: a JSON body that is empty (SPEC.md §7 sends some calls "empty")
 * is no body; one nested deeper than `MAX_JSON_DEPTH` is refused before it is parsed or walked; and text with
 * a NUL character, which PostgreSQL cannot store, is refused naming the field.
 */
export const registerInputGuards = (app: FastifyInstance): void => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new HttpError(400, 'JSON body is nested too deeply'));
    return json(request, text, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { body: request.body, querystring: request.query, params: request.params };
    for (const [where, value] of Object.entries(parts)) {
      const field = nulField(value, where);
      if (field) return done(new HttpError(400, `${field}: Text must not contain NUL characters`));
    }
    done();
  });
};

/** Requests Fastify refuses before routing (a URL that does not decode) answer `{ detail }` too. */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  void reply.status(400).send({ detail: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message });
};

/** A request Node's HTTP parser cannot read at all gets a JSON 400 before the socket closes. */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Duplex) => {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy(error);
  const body = JSON.stringify({ detail: 'Malformed HTTP request' });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** JSON 404 for anything under /v1 (and any non-page request). */
export const sendNotFound = (reply: FastifyReply, method: string, url: string) =>
  reply.status(404).send({ detail: `No route ${method} ${url.split('?')[0] ?? url}` });
