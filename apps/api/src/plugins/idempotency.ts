import { claimKey, releaseKey, settleKey, type Db } from '@proxydesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';

/**
 * `Idempotency-Key` on a signed-in POST (issue #32 item 6, ADR 017), as Stripe's API has it: the first request
 * with a key is done and its answer kept 24 hours; a retry with the same key and the same request gets that
 * answer again (`Idempotent-Replayed: true`) and nothing is done twice; the same key with another request is
 * refused (422), and while the first is still running, a second waits for no one: 409. A first request that
 * failed on our side (5xx: its transaction rolled back) leaves the key free to be sent again.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;

interface StoredAnswer {
  status: number;
  body: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds; `answered` once its answer is kept (or it is a replay): nothing to free. */
    idempotency?: { scope: string; key: string; answered: boolean };
  }
}

const keyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value))
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return value;
};

export const registerIdempotency = (app: FastifyInstance, db: Db): void => {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.account) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const scope = `http:${request.account.user.id}`;
    const claim = await claimKey<StoredAnswer>(db, scope, key, {
      method: request.method,
      url: request.url,
      body: request.body ?? null,
    });
    if (claim === 'other-request')
      throw new HttpError(422, 'This Idempotency-Key was sent before with another request: use a new key');
    if (claim === 'in-progress')
      throw new HttpError(
        409,
        'A request with this Idempotency-Key is still being answered: try again shortly',
      );
    if (claim === 'claimed') {
      request.idempotency = { scope, key, answered: false };
      return;
    }
    request.idempotency = { scope, key, answered: true };
    return reply.code(claim.answer.status).header('idempotent-replayed', 'true').send(claim.answer.body);
  });

  // Before serialisation, whatever the route's serializer or the compression: the answer as an object.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const taken = request.idempotency;
    if (!taken || taken.answered) return payload;
    request.idempotency = { ...taken, answered: true };
    if (reply.statusCode >= 500) await releaseKey(db, taken.scope, taken.key);
    else await settleKey(db, taken.scope, taken.key, { status: reply.statusCode, body: payload });
    return payload;
  });
  // An answer that was not an object (never for a JSON route): the key is not left taken.
  app.addHook('onResponse', async (request) => {
    const taken = request.idempotency;
    if (taken && !taken.answered) await releaseKey(db, taken.scope, taken.key);
  });
};
