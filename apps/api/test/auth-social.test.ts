import { AUTH_MESSAGES } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  PASSWORD,
  signUp,
  turnOnTwoFactor,
  type ApiClient,
} from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import {
  socialSignInEnv,
  startFakeDiscord,
  startFakeGoogle,
  type FakeOAuth,
} from '../../../test-support/fake-oauth.js';
import { otpFrom, startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

const SHOP = 'http://shop.test';
let t: TestApp;
let smtp: SmtpCapture;
let google: FakeOAuth;
let discord: FakeOAuth;
let api: ApiClient;

beforeAll(async () => {
  [smtp, google, discord] = await Promise.all([startSmtpCapture(), startFakeGoogle(), startFakeDiscord()]);
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      PUBLIC_URL: SHOP,
      ...socialSignInEnv(google, discord),
    },
  });
  api = apiClient(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), google.close(), discord.close()]);
});

const googleUser = (sub: string, email: string, emailVerified = true) => ({
  sub,
  email,
  emailVerified,
  name: 'Grace Hopper',
});
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

describe('sign in with Google (SPEC.md §7 POST /v1/auth/google)', () => {
  it('gives the browser a complete authorize URL back to PUBLIC_URL/google/callback', async () => {
    const { payload } = (await api.get('/v1/auth/config')).body;
    expect(payload.google.clientId).toBe(google.clientId);
    const url = new URL(payload.google.authorizeUrl as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      redirect_uri: `${SHOP}/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
    });
    expect(new URL(payload.discord.authorizeUrl as string).searchParams.get('redirect_uri')).toBe(
      `${SHOP}/discord/callback`,
    );
  });

  it('creates an account for a new verified Google user, honouring the referral code', async () => {
    const referrerToken = await signUp(api, smtp, { username: 'inviter', email: 'inviter@example.com' });
    const code = (await api.get('/v1/user/dashboard-stats', { token: referrerToken })).body.payload
      .referral_code as string;

    const authCode = google.issueCode(googleUser('g-100', 'Grace@Example.com'), `${SHOP}/google/callback`);
    const answer = await api.post('/v1/auth/google', { token: authCode, referee: code });
    expect(answer.status).toBe(200);
    const stats = (await api.get('/v1/user/dashboard-stats', { token: answer.body.payload.token })).body
      .payload;
    expect(stats).toMatchObject({ username: 'GraceHopper', email: 'grace@example.com' });

    const row = (await userByEmail('grace@example.com'))!;
    expect(row).toMatchObject({ googleSub: 'g-100', emailVerified: true, passwordHash: null });
    expect(row.referredBy).toBe((await userByEmail('inviter@example.com'))!.id);
    const exchange = google.requests.find((r) => r.path.endsWith('/token'));
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      client_secret: google.clientSecret,
      redirect_uri: `${SHOP}/google/callback`,
    });
  });

  it('signs the same Google user into the same account next time', async () => {
    const again = await api.post('/v1/auth/google', {
      token: google.issueCode(googleUser('g-100', 'grace@example.com'), `${SHOP}/google/callback`),
    });
    expect(
      (await api.get('/v1/user/dashboard-stats', { token: again.body.payload.token })).body.payload.username,
    ).toBe('GraceHopper');
    expect(
      await t.database.db.select().from(schema.users).where(eq(schema.users.googleSub, 'g-100')),
    ).toHaveLength(1);
  });

  it('links to an existing account with the same verified e-mail, and keeps its two-factor', async () => {
    const token = await signUp(api, smtp, { username: 'linked', email: 'linked@example.com' });
    await turnOnTwoFactor(api, smtp, token, 'linked@example.com');
    const after = Date.now();
    const answer = await api.post('/v1/auth/google', {
      token: google.issueCode(googleUser('g-200', 'linked@example.com'), `${SHOP}/google/callback`),
    });
    expect(answer).toEqual({
      status: 422,
      body: {
        detail: AUTH_MESSAGES.otpSent,
        payload: { email: 'linked@example.com', purpose: 'sign-in' },
      },
    });
    const otp = otpFrom(await smtp.waitFor('linked@example.com', { after }));
    const confirmed = await api.post('/v1/auth/confirm-email', { email: 'linked@example.com', otp });
    expect(
      (await api.get('/v1/user/dashboard-stats', { token: confirmed.body.payload.token })).body.payload
        .username,
    ).toBe('linked');
    expect((await userByEmail('linked@example.com'))!.googleSub).toBe('g-200');
    // The password still works too.
    expect((await api.post('/v1/auth/login', { username: 'linked', password: PASSWORD })).status).toBe(422);
  });

  it('linking to an account whose e-mail was never confirmed drops the password set before anyone proved it', async () => {
    await api.post('/v1/auth/signup', {
      username: 'preset',
      email: 'preset@example.com',
      password: 'attacker chosen 99',
    });
    const answer = await api.post('/v1/auth/google', {
      token: google.issueCode(googleUser('g-250', 'preset@example.com'), `${SHOP}/google/callback`),
    });
    expect(answer.status).toBe(200);
    expect(
      (await api.post('/v1/auth/login', { username: 'preset', password: 'attacker chosen 99' })).status,
    ).toBe(401);
    expect((await userByEmail('preset@example.com'))!).toMatchObject({
      googleSub: 'g-250',
      emailVerified: true,
      passwordHash: null,
    });
  });

  it('refuses an unverified Google e-mail, and never links one to an existing account', async () => {
    const answer = await api.post('/v1/auth/google', {
      token: google.issueCode(googleUser('g-300', 'inviter@example.com', false), `${SHOP}/google/callback`),
    });
    expect(answer).toEqual({
      status: 400,
      body: { detail: 'Your Google account has no verified e-mail address' },
    });
    expect((await userByEmail('inviter@example.com'))!.googleSub).toBeNull();
  });

  it('answers a used, unknown or mismatched code with a detail for the warning', async () => {
    const code = google.issueCode(googleUser('g-400', 'once@example.com'), `${SHOP}/google/callback`);
    expect((await api.post('/v1/auth/google', { token: code })).status).toBe(200);
    const failed = { status: 400, body: { detail: 'Google sign-in failed: please try again' } };
    expect(await api.post('/v1/auth/google', { token: code })).toEqual(failed);
    expect(await api.post('/v1/auth/google', { token: 'made-up' })).toEqual(failed);
    const elsewhere = google.issueCode(
      googleUser('g-401', 'x@example.com'),
      'http://evil.test/google/callback',
    );
    expect(await api.post('/v1/auth/google', { token: elsewhere })).toEqual(failed);
  });
});

describe('sign in with Discord (SPEC.md §7 POST /v1/auth/discord)', () => {
  it('takes the callback query as it came and signs a new Discord user in', async () => {
    const code = discord.issueCode(
      { sub: 'd-1', email: 'gamer@example.com', emailVerified: true, name: 'Gamer One' },
      `${SHOP}/discord/callback`,
    );
    const answer = await api.post('/v1/auth/discord', { code, state: 'abc123', guild_id: 'ignored' });
    expect(answer.status).toBe(200);
    const stats = (await api.get('/v1/user/dashboard-stats', { token: answer.body.payload.token })).body
      .payload;
    expect(stats).toMatchObject({ username: 'GamerOne', email: 'gamer@example.com' });
    expect((await userByEmail('gamer@example.com'))!.discordId).toBe('d-1');
  });

  it('makes a username unique when the name is taken', async () => {
    const code = discord.issueCode(
      { sub: 'd-2', email: 'gamer2@example.com', emailVerified: true, name: 'Gamer One' },
      `${SHOP}/discord/callback`,
    );
    const answer = await api.post('/v1/auth/discord', { code });
    const username = (await api.get('/v1/user/dashboard-stats', { token: answer.body.payload.token })).body
      .payload.username as string;
    expect(username).toMatch(/^GamerOne_\d{4}$/);
  });

  it('fails with a detail (the page returns to / silently) for a bad code, and refuses a deactivated account', async () => {
    expect((await api.post('/v1/auth/discord', { code: 'nope' })).status).toBe(400);
    const token = (
      await api.post('/v1/auth/discord', {
        code: discord.issueCode(
          { sub: 'd-3', email: 'quitter@example.com', emailVerified: true, name: 'Quitter' },
          `${SHOP}/discord/callback`,
        ),
      })
    ).body.payload.token as string;
    // No password on a Discord-only account: deactivation is confirmed by a code mailed to its address.
    const after = Date.now();
    expect((await api.post('/v1/auth/deactivate', undefined, { token })).status).toBe(422);
    const otp = otpFrom(await smtp.waitFor('quitter@example.com', { after }));
    expect((await api.post('/v1/auth/deactivate', { otp }, { token })).status).toBe(200);
    const again = await api.post('/v1/auth/discord', {
      code: discord.issueCode(
        { sub: 'd-3', email: 'quitter@example.com', emailVerified: true, name: 'Quitter' },
        `${SHOP}/discord/callback`,
      ),
    });
    expect(again).toEqual({ status: 403, body: { detail: 'Account deactivated' } });
  });
});
