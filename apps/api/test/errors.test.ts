import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  // A probe route with a body schema exercises the app-wide parsing, validation and limits.
  t = await createTestApp({
    extend: (app) =>
      app.withTypeProvider<ZodTypeProvider>().post(
        '/v1/test/echo',
        { schema: { body: z.object({ email: z.email(), count: z.number().int().min(1) }) } },
        (request, reply) => reply.send({ detail: `ok ${request.body.email}` }),
      ),
  });
});
afterAll(() => t.close());

const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url: '/v1/test/echo', payload, headers });

describe('one error handler: { detail } with the right status, never a 500 for bad input', () => {
  it('answers an unknown /v1 path with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/v1/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: `No route ${method} /v1/no/such/thing` });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await post('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it('names the field that does not match the schema', async () => {
    const bad = await post(JSON.stringify({ email: 'not-an-email', count: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^body\.email: /);
    const missing = await post(JSON.stringify({ email: 'a@b.co' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^body\.count: /);
    const wrongType = await post(JSON.stringify([1, 2]));
    expect(wrongType.statusCode).toBe(400);
    const good = await post(JSON.stringify({ email: 'a@b.co', count: 2 }));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ detail: 'ok a@b.co' });
  });

  it('answers an oversize body with 413', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', count: 1, pad: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Unsupported content type');
  });

  it('never shows a stack trace for a server fault', async () => {
    const app = (await createTestApp({
      extend: (a) => a.get('/v1/test/boom', async () => Promise.reject(new Error('secret internals'))),
    }));
    try {
      const res = await app.app.inject({ method: 'GET', url: '/v1/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error' });
      expect(res.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it('sends security headers and a strict CSP, and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/faq/read', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('rate limiting on /v1', () => {
  it('limits /v1 per client with 429 { detail } and leaves pages alone', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await limited.app.inject({ method: 'GET', url: '/v1/faq/read' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await limited.app.inject({ method: 'GET', url: '/v1/plan/read' });
      expect(last.json().detail).toMatch(/^Too many requests/);
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('shares the limit between instances through REDIS_URL', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      // A client address of its own, so no other run counts against this one.
      const octet = () => Math.floor(Math.random() * 250);
      const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;
      const codes = [];
      for (const app of [a, b, a, b]) {
        codes.push((await app.app.inject({ method: 'GET', url: '/v1/faq/read', remoteAddress })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
