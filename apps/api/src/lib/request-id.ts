import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id a client or proxy may choose: a plain token, short enough for a log line. */
const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id (each log line's `reqId`, sent back as `x-request-id`): the `x-request-id` a proxy in front
 * set, when it is a plain id; a new one otherwise, so that a client cannot write what it likes into the log.
 */
export const requestIdOf = (request: IncomingMessage): string => {
  const asked = request.headers['x-request-id'];
  return typeof asked === 'string' && PLAIN_ID.test(asked) ? asked : randomUUID();
};
