import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@proxydesk/contract';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, PASSWORD, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

/** Two API instances behind one load balancer: what one counts, the other sees (DESIGN.md §1). */
describe('attempt limits and captcha replays shared through REDIS_URL', () => {
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    POW_SECRET: randomBytes(24).toString('hex'),
  };
  let first: TestApp;
  let second: TestApp;
  let a: ApiClient;
  let b: ApiClient;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    a = apiClient(first.app);
    b = apiClient(second.app);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const solve = async (api: ApiClient) => {
    const { payload: challenge } = (await api.get('/v1/auth/captcha-challenge')).body as {
      payload: Challenge;
    };
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('a captcha solved for one instance is taken once across both', async () => {
    const answer = await solve(a);
    const body = { email: 'someone@example.com', 'g-recaptcha-response': answer };
    expect((await b.post('/v1/auth/forgot-password', body)).status).toBe(200);
    expect(await a.post('/v1/auth/forgot-password', body)).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.captchaFailed },
    });
  });

  it('sign-in tries for one account count on both instances', async () => {
    const username = `shared_${randomBytes(4).toString('hex')}`;
    const ip = `10.5.${randomBytes(1)[0]}.1`;
    for (let i = 0; i < 5; i += 1) {
      const api = i % 2 ? a : b;
      const res = await api.post(
        '/v1/auth/login',
        { username, password: PASSWORD, 'g-recaptcha-response': await solve(api) },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const blocked = await a.post(
      '/v1/auth/login',
      { username, password: PASSWORD, 'g-recaptcha-response': await solve(a) },
      { ip },
    );
    expect(blocked.status).toBe(429);
  });
});
