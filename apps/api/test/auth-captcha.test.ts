import { AUTH_MESSAGES } from '@proxydesk/contract';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, PASSWORD, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startFakeRecaptcha } from '../../../test-support/fake-recaptcha.js';

/** What the browser sends in g-recaptcha-response after solving the proof of work. */
const solve = async (api: ApiClient): Promise<string> => {
  const { payload: challenge } = (await api.get('/v1/auth/captcha-challenge')).body as { payload: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

describe('proof-of-work captcha (CAPTCHA_PROVIDER=pow, the default)', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it('is announced by the config endpoint, with no social sign-ins configured', async () => {
    expect((await api.get('/v1/auth/config')).body).toEqual({
      payload: { captcha: 'pow', recaptchaSiteKey: null, google: null, discord: null, supportUrl: null },
    });
  });

  it('guards login, signup, forgot, reset, confirm and resend', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['/v1/auth/login', { username: 'ann', password: PASSWORD }],
      ['/v1/auth/signup', { username: 'ann', email: 'ann@example.com', password: PASSWORD }],
      ['/v1/auth/forgot-password', { email: 'ann@example.com' }],
      [
        '/v1/auth/reset-password',
        { email: 'ann@example.com', otp: '123456', password: PASSWORD, cnf_password: PASSWORD },
      ],
      ['/v1/auth/confirm-email', { email: 'ann@example.com', otp: '123456' }],
      ['/v1/auth/resend-otp', { email: 'ann@example.com' }],
    ];
    for (const [path, body] of bodies) {
      expect(await api.post(path, body), path).toEqual({
        status: 400,
        body: { detail: AUTH_MESSAGES.captchaFailed },
      });
      expect((await api.post(path, { ...body, 'g-recaptcha-response': 'garbage' })).status, path).toBe(400);
    }
  });

  it('takes a solved challenge once, and refuses it when replayed', async () => {
    const answer = await solve(api);
    const first = await api.post('/v1/auth/signup', {
      username: 'ann',
      email: 'ann@example.com',
      password: PASSWORD,
      'g-recaptcha-response': answer,
    });
    expect(first.status).toBe(422);
    const replay = await api.post('/v1/auth/forgot-password', {
      email: 'ann@example.com',
      'g-recaptcha-response': answer,
    });
    expect(replay).toEqual({ status: 400, body: { detail: AUTH_MESSAGES.captchaFailed } });
  });

  it('is checked before anything is counted: requests without it lock nobody out (issue #15 item 7)', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect(
        (
          await api.post(
            '/v1/auth/login',
            { username: 'lockme', password: 'wrong guess' },
            { ip: '10.9.0.1' },
          )
        ).status,
      ).toBe(400);
    }
    const real = await api.post(
      '/v1/auth/login',
      { username: 'lockme', password: 'wrong guess', 'g-recaptcha-response': await solve(api) },
      { ip: '10.9.0.1' },
    );
    expect(real).toEqual({ status: 401, body: { detail: AUTH_MESSAGES.badCredentials } });
  });

  it('refuses a solution for a challenge it did not sign', async () => {
    const answer = JSON.parse(Buffer.from(await solve(api), 'base64').toString()) as { challenge: Challenge };
    answer.challenge.parameters.cost = 1;
    const forged = Buffer.from(JSON.stringify(answer)).toString('base64');
    expect(
      (await api.post('/v1/auth/forgot-password', { email: 'a@example.com', 'g-recaptcha-response': forged }))
        .status,
    ).toBe(400);
  });
});

describe('reCAPTCHA (RECAPTCHA_SECRET set), verified against a fake of Google on 127.0.0.1', () => {
  let t: TestApp;
  let api: ApiClient;
  let google: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  beforeAll(async () => {
    google = await startFakeRecaptcha();
    t = await createTestApp({
      env: {
        RECAPTCHA_SECRET: google.secret,
        RECAPTCHA_SITE_KEY: 'site-key-1',
        RECAPTCHA_VERIFY_URL: google.url,
      },
    });
    api = apiClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('is chosen by default when the secret is set, and tells the browser the site key', async () => {
    expect((await api.get('/v1/auth/config')).body.payload).toMatchObject({
      captcha: 'recaptcha',
      recaptchaSiteKey: 'site-key-1',
    });
    expect((await api.get('/v1/auth/captcha-challenge')).status).toBe(404);
  });

  it('accepts a token Google vouches for, once', async () => {
    const token = google.issueToken();
    const body = { email: 'someone@example.com', 'g-recaptcha-response': token };
    expect((await api.post('/v1/auth/forgot-password', body)).status).toBe(200);
    expect(await api.post('/v1/auth/forgot-password', body)).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.captchaFailed },
    });
    expect(
      (await api.post('/v1/auth/forgot-password', { ...body, 'g-recaptcha-response': 'unknown' })).status,
    ).toBe(400);
  });
});

describe('bad input on the account endpoints: 400 naming the field, never 500', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off' } });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  const huge = 'x'.repeat(10_000);
  const cases: [string, unknown, RegExp][] = [
    ['/v1/auth/login', {}, /^body\.username: /],
    ['/v1/auth/login', { username: 'ann', password: huge }, /^body\.password: /],
    ['/v1/auth/login', { username: 42, password: 'x' }, /^body\.username: /],
    [
      '/v1/auth/signup',
      { username: 'a', email: 'a@b.co', password: PASSWORD },
      /^body\.username: Username must be at least 3/,
    ],
    ['/v1/auth/signup', { username: 'ann', email: huge, password: PASSWORD }, /^body\.email: /],
    [
      '/v1/auth/signup',
      { username: 'ann', email: 'ann@example.com', password: PASSWORD, referee: huge },
      /^body\.referee: /,
    ],
    [
      '/v1/auth/confirm-email',
      { email: 'ann@example.com', otp: 'abc' },
      /^body\.otp: Enter the 6-digit code/,
    ],
    ['/v1/auth/confirm-email', { email: 'ann@example.com', otp: null }, /^body\.otp: /],
    ['/v1/auth/forgot-password', { email: ['a@b.co'] }, /^body\.email: /],
    [
      '/v1/auth/reset-password',
      { email: 'ann@example.com', otp: '123456', password: PASSWORD },
      /^body\.cnf_password: /,
    ],
    ['/v1/auth/google', { token: '' }, /^body\.token: token is required/],
    ['/v1/auth/discord', { state: 'x' }, /^body\.code: /],
  ];
  it.each(cases)('POST %s %j', async (path, body, detail) => {
    const answer = await api.post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(detail);
  });

  it('answers 404 for a social sign-in that is not configured', async () => {
    expect(await api.post('/v1/auth/google', { token: 'code' })).toEqual({
      status: 404,
      body: { detail: 'Sign-in with Google is not configured on this shop' },
    });
  });
});
