import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { TRANSACTION_CONFLICT } from '@proxydesk/db';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  // A probe route with a body schema exercises the app-wide parsing, validation and limits.
  t = await createTestApp({
    extend: (app) => {
      app.withTypeProvider<ZodTypeProvider>().post(
        '/v1/test/echo',
        {
          schema: {
            body: z.object({ email: z.email(), count: z.number().int().min(1) }),
            querystring: z.object({ q: z.string().optional() }),
          },
        },
        (request, reply) => reply.send({ detail: `ok ${request.body.email}` }),
      );
      app.post('/v1/test/empty', (request, reply) => reply.send({ detail: `body ${typeof request.body}` }));
      // A value the contract let through but the database cannot hold.
      // PostgreSQL ending one of two transactions that could not both go on (issue #28 §5).
      app.get('/v1/test/conflict/:code', async (request) => {
        const { code } = request.params as { code: string };
        await t.database.db.execute(
          sql.raw(
            `do $$ begin raise exception 'conflict' using errcode = '${code === 'deadlock' ? '40P01' : '40001'}'; end $$`,
          ),
        );
        return { detail: 'unreachable' };
      });
      app.get('/v1/test/int', async () => {
        await t.database.db.execute(sql`select ${'2147483648'}::int`);
        return { detail: 'unreachable' };
      });
    },
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

  it('takes an empty JSON body as no body (SPEC.md §7 sends some calls "empty")', async () => {
    for (const payload of ['', '  ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/test/empty',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json()).toEqual({ detail: 'body undefined' });
    }
    const needsBody = await post('');
    expect(needsBody.statusCode).toBe(400);
    expect(needsBody.json().detail).toMatch(/^body: /);
  });

  it('refuses text with a NUL character, naming the field, since the database cannot store it', async () => {
    const inBody = await post(JSON.stringify({ email: 'a@b.co', count: 1, nested: [{ name: 'x\u0000' }] }));
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toEqual({ detail: 'body.nested.0.name: Text must not contain NUL characters' });
    const inQuery = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo?q=a%00',
      payload: { email: 'a@b.co', count: 1 },
    });
    expect(inQuery.json()).toEqual({ detail: 'querystring.q: Text must not contain NUL characters' });
  });

  it('refuses JSON nested deeper than any request needs with 400, before walking it (issue #15)', async () => {
    // 40 KB nested 20,000 levels deep: a 500 and a stack overflow in the log on every request, before.
    for (const body of [
      '['.repeat(20_000) + ']'.repeat(20_000),
      '{"a":'.repeat(8_000) + '1' + '}'.repeat(8_000),
    ]) {
      for (const url of ['/v1/test/echo', '/v1/auth/login', '/v1/test/empty']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ detail: 'JSON body is nested too deeply' });
      }
    }
    // Brackets inside strings are text, not depth; ordinary nesting still reaches the schema.
    const text = await post(JSON.stringify({ email: `${'['.repeat(100)}@b.co`, count: 1 }));
    expect(text.json().detail).toMatch(/^body\.email: /);
    const nested = await post(JSON.stringify({ email: 'a@b.co', count: 1, extra: [[[[{ a: [1] }]]]] }));
    expect(nested.statusCode).toBe(200);
  });

  it('answers a value the database refuses with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/int' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'A value in the request is out of range or not valid' });
  });

  it('answers a deadlock or a serialization failure with 409 "try again", never 5xx "not reachable" (issue #28 §5)', async () => {
    for (const code of ['deadlock', 'serialization']) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/test/conflict/${code}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: TRANSACTION_CONFLICT });
    }
  });

  it('answers a URL that does not decode, and a request HTTP cannot parse, with 400 { detail }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/invoice/read/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed URL' });

    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(address).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(
        'POST /v1/faq/read HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      );
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ detail: 'Malformed HTTP request' }));
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
    const app = await createTestApp({
      extend: (a) => a.get('/v1/test/boom', async () => Promise.reject(new Error('secret internals'))),
    });
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
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/faq/read',
      headers: { 'x-request-id': 'abc-123' },
    });
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
      for (let i = 0; i < 4; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url: '/v1/faq/read' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // The same routes spelled with percent-escapes count too.
      expect((await limited.app.inject({ method: 'GET', url: '/%761/faq/read' })).statusCode).toBe(429);
      expect((await limited.app.inject({ method: 'GET', url: '/%761/no/such/thing' })).statusCode).toBe(429);
      const last = await limited.app.inject({ method: 'GET', url: '/v1/plan/read' });
      expect(last.json().detail).toMatch(/^Too many requests/);
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect((await limited.app.inject({ method: 'GET', url: '/settings' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('shares the limit between instances through REDIS_URL', async () => {
    const env = {
      RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    };
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
