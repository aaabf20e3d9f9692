import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeDiscord,
  startFakeGoogle,
  type FakeOAuth,
  type FakeOAuthUser,
} from '../../../test-support/fake-oauth.js';
import { startFakeRecaptcha } from '../../../test-support/fake-recaptcha.js';
import { otpFrom, startSmtpCapture } from '../../../test-support/smtp.js';

const REDIRECT = 'http://shop.test/google/callback';
const ann: FakeOAuthUser = {
  sub: '1100',
  email: 'ann@example.com',
  emailVerified: true,
  name: 'Ann Example',
};

const postForm = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

const exchange =
  (fake: FakeOAuth, path: string, overrides: Record<string, string> = {}) =>
  (code: string) =>
    postForm(`${fake.url}${path}`, {
      grant_type: 'authorization_code',
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: REDIRECT,
      ...overrides,
    });

/** What `start` starts, for the tests of a describe block: started before them and closed after them. */
const useStarted = <T extends { close(): Promise<void> }>(start: () => Promise<T>) => {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(() => started.close());
  return started;
};

describe('SMTP capture', () => {
  const smtp = useStarted(startSmtpCapture);

  it('receives a mail sent by nodemailer over plain SMTP and finds its code', async () => {
    const after = Date.now();
    const transport = nodemailer.createTransport(smtp.url);
    const waiting = smtp.waitFor('ANN@example.com', { after });
    await transport.sendMail({
      from: 'Shop <no-reply@shop.test>',
      to: 'Ann@Example.com',
      subject: 'Your code',
      text: 'Your code is 042917. It expires in 10 minutes.',
      html: '<p>Your code is <b>042917</b>.</p>',
    });
    transport.close();
    const mail = await waiting;
    expect(mail).toMatchObject({ from: 'no-reply@shop.test', to: ['Ann@example.com'], subject: 'Your code' });
    expect(mail.html).toContain('<b>042917</b>');
    expect(mail.receivedAt).toBeGreaterThanOrEqual(after);
    expect(otpFrom(mail)).toBe('042917');
    expect(smtp.mails).toEqual([mail]);
    await expect(smtp.waitFor('ann@example.com')).resolves.toBe(mail);
    expect(() => otpFrom({ ...mail, text: 'no code, only 12345 and 1234567' })).toThrow(/No 6-digit code/);
    smtp.clear();
    expect(smtp.mails).toEqual([]);
  });

  it('rejects waitFor with a clear message when nothing arrives', async () => {
    await expect(smtp.waitFor('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow(
      /No mail to nobody@example.com within 50 ms/,
    );
  });
});

describe('fake Google', () => {
  const google = useStarted(startFakeGoogle);
  const trade = (code: string, overrides: Record<string, string> = {}) =>
    exchange(google, '/token', overrides)(code);

  it('runs the browser flow: authorize redirects with code and state, token and userinfo answer like Google', async () => {
    google.setNextUser(ann);
    const authorize = new URL(`${google.url}/authorize`);
    authorize.search = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's-1',
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('s-1');

    const tokenResponse = await trade(back.searchParams.get('code')!);
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { access_token: string; id_token: string };
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      scope: 'openid email profile',
    });

    const [header, payload, signature] = tokens.id_token.split('.') as [string, string, string];
    const { keys } = (await (await fetch(`${google.url}/certs`)).json()) as { keys: JsonWebKey[] };
    const key = createPublicKey({ key: keys[0]!, format: 'jwk' });
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      aud: google.clientId,
      sub: ann.sub,
      email: ann.email,
    });

    const user = await fetch(`${google.url}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await user.json()).toEqual({
      sub: ann.sub,
      email: ann.email,
      email_verified: true,
      name: ann.name,
    });
    expect(google.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /authorize',
      'POST /token',
      'GET /certs',
      'GET /userinfo',
    ]);
    expect(google.requests[1]?.body).toMatchObject({
      grant_type: 'authorization_code',
      client_secret: google.clientSecret,
      redirect_uri: REDIRECT,
    });
  });

  it('refuses an /authorize visit with no user set or an unknown client', async () => {
    const query = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 's',
    });
    expect((await fetch(`${google.url}/authorize?${query.toString()}`, { redirect: 'manual' })).status).toBe(
      400,
    );
    google.setNextUser(ann);
    query.set('client_id', 'someone-else');
    expect((await fetch(`${google.url}/authorize?${query.toString()}`, { redirect: 'manual' })).status).toBe(
      400,
    );
  });

  it('takes a code once, only for its redirect_uri and with the right client secret', async () => {
    const code = google.issueCode(ann, REDIRECT);
    const wrongSecret = await trade(code, { client_secret: 'nope' });
    expect([wrongSecret.status, await wrongSecret.json()]).toEqual([
      401,
      { error: 'invalid_client', error_description: 'Unauthorized' },
    ]);
    expect((await trade(code)).status).toBe(200);
    const reused = await trade(code);
    expect([reused.status, ((await reused.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_grant',
    ]);
    expect((await trade('4/0made-up')).status).toBe(400);

    const elsewhere = google.issueCode(ann, 'http://evil.test/google/callback');
    const mismatch = await trade(elsewhere);
    expect([mismatch.status, ((await mismatch.json()) as { error: string }).error]).toEqual([
      400,
      'redirect_uri_mismatch',
    ]);
  });

  it('answers 401 to userinfo without a valid bearer token', async () => {
    expect((await fetch(`${google.url}/userinfo`)).status).toBe(401);
    expect(
      (await fetch(`${google.url}/userinfo`, { headers: { authorization: 'Bearer ya29.forged' } })).status,
    ).toBe(401);
  });
});

describe('fake Discord', () => {
  const discord = useStarted(startFakeDiscord);
  const trade = (code: string, overrides: Record<string, string> = {}) =>
    exchange(discord, '/oauth2/token', overrides)(code);

  it('runs the browser flow and answers /users/@me like Discord', async () => {
    discord.setNextUser({
      sub: '80351110224678912',
      email: 'gamer@example.com',
      emailVerified: false,
      name: 'Gamer One',
    });
    const query = new URLSearchParams({
      client_id: discord.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'identify email',
      state: 'xyz',
    });
    const redirect = await fetch(`${discord.url}/oauth2/authorize?${query.toString()}`, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('xyz');

    const tokenResponse = await trade(back.searchParams.get('code')!);
    const tokens = (await tokenResponse.json()) as { access_token: string };
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      scope: 'identify email',
    });
    const me = await fetch(`${discord.url}/users/@me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await me.json()).toMatchObject({
      id: '80351110224678912',
      username: 'gamerone',
      global_name: 'Gamer One',
      email: 'gamer@example.com',
      verified: false,
    });
  });

  it('refuses reused, foreign and wrongly authenticated codes, and requests without a token', async () => {
    const code = discord.issueCode(ann, REDIRECT);
    expect((await trade(code, { client_secret: 'nope' })).status).toBe(401);
    expect((await trade(code, { redirect_uri: 'http://evil.test/cb' })).status).toBe(400);
    expect((await trade(code)).status).toBe(400);
    const fresh = discord.issueCode(ann, REDIRECT);
    expect((await trade(fresh)).status).toBe(200);
    const again = await trade(fresh);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    expect((await fetch(`${discord.url}/users/@me`)).status).toBe(401);
  });
});

describe('fake reCAPTCHA siteverify', () => {
  const recaptcha = useStarted(startFakeRecaptcha);
  const siteverify = async (form: Record<string, string>): Promise<unknown> =>
    (await postForm(recaptcha.url, form)).json();

  it('verifies a registered token once, with the right secret', async () => {
    expect(new URL(recaptcha.url).pathname).toBe('/recaptcha/api/siteverify');
    const token = recaptcha.issueToken();
    expect(await siteverify({ secret: 'wrong', response: token })).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    });
    expect(await siteverify({ secret: recaptcha.secret, response: token, remoteip: '203.0.113.9' })).toEqual({
      success: true,
      challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      hostname: 'localhost',
    });
    expect(await siteverify({ secret: recaptcha.secret, response: token })).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
    expect(await siteverify({ secret: recaptcha.secret, response: 'made-up' })).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });
});
