import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../../../test-support/accounts.js';
import { createTestApp, useMailedApp, type TestApp } from '../../../test-support/app.js';

/**
 * Behind one load balancer (`TRUST_PROXY=1`, as in production) the client is the right-most address of
 * `X-Forwarded-For` that the load balancer wrote; what a client writes to its left is not believed
 * (issue #15 item 2, ADR 004).
 */
describe('X-Forwarded-For behind one load balancer (TRUST_PROXY=1)', () => {
  const loadBalancer = '10.0.0.2';
  const bed = useMailedApp({ TRUST_PROXY: '1' });

  const post = (url: string, body: unknown, forwardedFor: string, token?: string) =>
    bed.t.app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      remoteAddress: loadBalancer,
      headers: {
        'x-forwarded-for': forwardedFor,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('a client that writes a new address on every login still meets the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i += 1) {
      // A different unknown account each time: only the per-address limit can answer 429.
      const res = await post(
        '/v1/auth/login',
        { username: `nobody_${randomBytes(4).toString('hex')}`, password: PASSWORD },
        `203.0.113.${i}, 198.51.100.7`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // Keyed on that client, not on the load balancer: another client behind it is not limited.
    const other = await post(
      '/v1/auth/login',
      { username: `nobody_${randomBytes(4).toString('hex')}`, password: PASSWORD },
      '198.51.100.8',
    );
    expect(other.statusCode).toBe(401);
  });

  it('the billing IP kept is the address the load balancer saw, not the one the client wrote', async () => {
    const tag = randomBytes(4).toString('hex');
    const token = await signUp(
      {
        get: () => Promise.reject(new Error('unused')),
        post: async (url, body) => {
          const res = await post(url, body, '192.0.2.10');
          return { status: res.statusCode, body: res.json() };
        },
        put: () => Promise.reject(new Error('unused')),
        patch: () => Promise.reject(new Error('unused')),
        delete: () => Promise.reject(new Error('unused')),
      },
      bed.smtp,
      { username: `xff_${tag}`, email: `xff_${tag}@example.com` },
    );
    const res = await post(
      '/v1/billing/create',
      { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Poland' },
      '6.6.6.6, 198.51.100.7',
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.ip).toBe('198.51.100.7');
  });
});

/** HSTS only for a request that came over HTTPS (issue #15 §12): never over plain HTTP. */
describe('Strict-Transport-Security', () => {
  const hstsOf = async (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/v1/catalogue', remoteAddress, headers })).headers[
      'strict-transport-security'
    ];

  it('behind a trusted load balancer: only when it says the client used HTTPS', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.2' } });
    try {
      expect(await hstsOf(t, '10.0.0.2')).toBeUndefined();
      expect(await hstsOf(t, '10.0.0.2', { 'x-forwarded-proto': 'http' })).toBeUndefined();
      expect(await hstsOf(t, '10.0.0.2', { 'x-forwarded-proto': 'https' })).toMatch(/^max-age=\d+/);
      // Someone else claiming HTTPS is not the load balancer: not believed.
      expect(await hstsOf(t, '203.0.113.9', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('with no proxy trusted: not over plain HTTP, whatever X-Forwarded-Proto says', async () => {
    const t = await createTestApp();
    try {
      expect(await hstsOf(t, '127.0.0.1')).toBeUndefined();
      expect(await hstsOf(t, '127.0.0.1', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
