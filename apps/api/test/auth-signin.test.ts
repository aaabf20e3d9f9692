import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp, turnOnTwoFactor } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';

const bed = useMailedApp({ BRAND_NAME: 'Acme Proxies' });

const userRow = async (username: string) =>
  (
    await bed.t.database.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.username}) = ${username.toLowerCase()}`)
  )[0]!;

/** A sign-up as `username` with `email` and the test password (`fields` add to it or replace it). */
const postSignUp = (username: string, email: string, fields: Record<string, unknown> = {}) =>
  bed.api.post('/v1/auth/signup', { username, email, password: PASSWORD, ...fields });
/** The answer to a sign-up that is not refused: a code mailed to `email` (a taken address gets a mail saying so). */
const codeSent = (email: string) => ({
  status: 422,
  body: { detail: AUTH_MESSAGES.otpSent, payload: { email } },
});

describe('sign-up and e-mail confirmation (SPEC.md §4)', () => {
  it('answers 422 with payload.email, mails a 6-digit code, and the code signs the new account in', async () => {
    const after = Date.now();
    const signup = await postSignUp('Ann', 'Ann@Example.com');
    expect(signup).toEqual(codeSent('ann@example.com'));

    const mail = await bed.smtp.waitFor('ann@example.com', { after });
    expect(mail.subject).toContain('Acme Proxies');
    expect(mail.html).toContain(otpFrom(mail));
    const confirmed = await bed.api.post('/v1/auth/confirm-email', {
      email: 'ann@example.com',
      otp: otpFrom(mail),
    });
    expect(confirmed.status).toBe(200);
    const token = confirmed.body.payload.token as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const access = await bed.api.get('/v1/auth/access', { token });
    expect(access).toEqual({
      status: 200,
      body: {
        payload: {
          isReseller: false,
          apiKey: null,
          is_2fa: false,
          is_active: true,
          username: 'Ann',
          email: 'ann@example.com',
          has_password: true,
          balance: 0,
        },
      },
    });
    // argon2id with DESIGN.md §6's parameters; the password itself is nowhere.
    expect((await userRow('Ann')).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stats = await bed.api.get('/v1/user/dashboard-stats', { token });
    expect(stats.body.payload).toMatchObject({
      totalPlanPurchased: 0,
      moneySpent: 0,
      totalPendingActivation: 0,
      referral_points: 0,
      username: 'Ann',
      email: 'ann@example.com',
      is_2fa_enabled: false,
    });
    expect(stats.body.payload.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(Date.now() - Date.parse(stats.body.payload.joined)).toBeLessThan(60_000);
  });

  it('takes the OTP as a number too, as SPEC.md §5 calls it', async () => {
    const after = Date.now();
    await postSignUp('numeric', 'numeric@example.com');
    const code = otpFrom(await bed.smtp.waitFor('numeric@example.com', { after }));
    const confirmed = await bed.api.post('/v1/auth/confirm-email', {
      email: 'numeric@example.com',
      otp: Number(code),
    });
    expect(confirmed.status).toBe(200);
  });

  it('links a valid referral code to its referrer and refuses an unknown one', async () => {
    const referrerToken = await signUp(bed.api, bed.smtp, {
      username: 'referrer',
      email: 'referrer@example.com',
    });
    const code = (await bed.api.get('/v1/user/dashboard-stats', { token: referrerToken })).body.payload
      .referral_code as string;
    await signUp(bed.api, bed.smtp, { username: 'referee', email: 'referee@example.com', referee: code });
    expect((await userRow('referee')).referredBy).toBe((await userRow('referrer')).id);

    const unknown = await postSignUp('stray', 'stray@example.com', { referee: 'NOPE1234' });
    expect(unknown).toEqual({ status: 400, body: { detail: 'Unknown referral code' } });
  });

  it('says a username is taken, but answers a taken e-mail exactly like a new one and tells only its owner', async () => {
    await signUp(bed.api, bed.smtp, { username: 'owner', email: 'owner@example.com' });
    const taken = await postSignUp('OWNER', 'other@example.com');
    expect(taken).toEqual({ status: 409, body: { detail: 'That username is taken' } });

    const after = Date.now();
    const sameEmail = await postSignUp('newcomer', 'owner@example.com');
    expect(sameEmail).toEqual(codeSent('owner@example.com'));
    const mail = await bed.smtp.waitFor('owner@example.com', { after });
    expect(mail.subject).toMatch(/already have an account/);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(await userRow('newcomer')).toBeUndefined();
  });

  it('a sign-up stands while its code is valid; once expired, a new sign-up replaces it: nobody can pre-set its password', async () => {
    // Someone else signs up first with the victim's address and a password of their own, and never confirms.
    const before = Date.now();
    await bed.api.post(
      '/v1/auth/signup',
      { username: 'squatter1', email: 'victim@example.com', password: 'attacker chosen 99' },
      { ip: '10.66.0.1' },
    );
    const squatterMail = await bed.smtp.waitFor('victim@example.com', { after: before });
    // The mail names the account it confirms, so the mailbox's owner sees it is not theirs.
    expect(squatterMail.text).toContain('"squatter1"');
    const squatterCode = otpFrom(squatterMail);
    const signUpAsVictim = () => postSignUp('victim', 'victim@example.com');
    // While its code is valid, another sign-up changes nothing (issue #15 item 5).
    expect(await signUpAsVictim()).toEqual(codeSent('victim@example.com'));
    expect(await userRow('victim')).toBeUndefined();

    await bed.t.database.db
      .update(schema.otps)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(schema.otps.email, 'victim@example.com'));
    const after = Date.now();
    expect((await signUpAsVictim()).status).toBe(422);
    const mail = await bed.smtp.waitFor('victim@example.com', { after });
    expect(mail.text).toContain('"victim"');
    const code = otpFrom(mail);
    // The squatter's code died with the account it was for.
    expect(
      (await bed.api.post('/v1/auth/confirm-email', { email: 'victim@example.com', otp: squatterCode }))
        .status,
    ).toBe(400);
    expect(
      (await bed.api.post('/v1/auth/confirm-email', { email: 'victim@example.com', otp: code })).status,
    ).toBe(200);
    expect(
      (await bed.api.post('/v1/auth/login', { username: 'squatter1', password: 'attacker chosen 99' }))
        .status,
    ).toBe(401);
    expect(
      (
        await bed.api.post('/v1/auth/login', {
          username: 'victim@example.com',
          password: 'attacker chosen 99',
        })
      ).status,
    ).toBe(401);
    expect((await bed.api.post('/v1/auth/login', { username: 'victim', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses the most common passwords and passwords outside 8–128 characters', async () => {
    const common = await postSignUp('weak', 'weak@example.com', { password: 'password123' });
    expect(common).toEqual({ status: 400, body: { detail: AUTH_MESSAGES.commonPassword } });
    const short = await postSignUp('weak', 'weak@example.com', { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('body.password: Password must be at least 8 characters');
    const long = await postSignUp('weak', 'weak@example.com', { password: 'x'.repeat(129) });
    expect(long.body.detail).toBe('body.password: Password must be at most 128 characters');
    // Composition rules do not exist: a long phrase of lowercase words is fine.
    await signUp(bed.api, bed.smtp, {
      username: 'phrase',
      email: 'phrase@example.com',
      password: 'correct horse battery staple',
    });
  });
});

describe('sign-in (SPEC.md §4, issue #3 security rules)', () => {
  /** The status of one sign-in try from `ip`. */
  const loginStatus = async (username: string, password: string, ip: string) =>
    (await bed.api.post('/v1/auth/login', { username, password }, { ip })).status;

  it('signs in by username with a new token each time, stored only as its SHA-256', async () => {
    await signUp(bed.api, bed.smtp, { username: 'bob', email: 'bob@example.com' });
    const first = await bed.api.post('/v1/auth/login', { username: 'bob', password: PASSWORD });
    const second = await bed.api.post('/v1/auth/login', { username: 'BOB', password: PASSWORD });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const tokens = [first.body.payload.token as string, second.body.payload.token as string];
    expect(tokens[0]).not.toBe(tokens[1]);
    const stored = await bed.t.database.db.select({ hash: schema.sessions.tokenHash }).from(schema.sessions);
    const hashes = stored.map((s) => s.hash);
    for (const token of tokens) {
      expect(hashes).not.toContain(token);
      expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    }
  });

  it('gives one generic answer for a wrong password and an unknown user', async () => {
    const wrong = await bed.api.post('/v1/auth/login', { username: 'bob', password: 'not the password' });
    const unknown = await bed.api.post('/v1/auth/login', {
      username: 'nobody-here',
      password: 'not the password',
    });
    expect(wrong).toEqual({ status: 401, body: { detail: AUTH_MESSAGES.badCredentials } });
    expect(unknown).toEqual(wrong);
  });

  it('mails a code instead of a token while the e-mail is unconfirmed', async () => {
    const after = Date.now();
    await postSignUp('pending', 'pending@example.com');
    await bed.smtp.waitFor('pending@example.com', { after });
    const login = await bed.api.post('/v1/auth/login', { username: 'pending', password: PASSWORD });
    expect(login).toEqual(codeSent('pending@example.com'));
  });

  it('with two-factor on, answers 422 and the mailed code finishes the sign-in', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'carol', email: 'carol@example.com' });
    await turnOnTwoFactor(bed.api, bed.smtp, token, 'carol@example.com');
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.is_2fa).toBe(true);

    const after = Date.now();
    const login = await bed.api.post('/v1/auth/login', { username: 'carol', password: PASSWORD });
    // SPEC.md §8's words; the payload says the code signs in, so the page speaks of signing in (issue #19).
    expect(login).toEqual({
      status: 422,
      body: {
        detail: AUTH_MESSAGES.otpSent,
        payload: { email: 'carol@example.com', purpose: 'sign-in' },
      },
    });
    const mail = await bed.smtp.waitFor('carol@example.com', { after });
    expect(mail.subject).toMatch(/sign-in code/);
    const confirmed = await bed.api.post('/v1/auth/confirm-email', {
      email: 'carol@example.com',
      otp: otpFrom(mail),
    });
    expect(confirmed.status).toBe(200);

    await bed.api.post(
      '/v1/auth/two-factor/false',
      { password: PASSWORD },
      { token: confirmed.body.payload.token },
    );
    expect((await bed.api.post('/v1/auth/login', { username: 'carol', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('limits an address to five tries on an account, even with the right password, but lets the owner in from elsewhere', async () => {
    await signUp(bed.api, bed.smtp, { username: 'dave', email: 'dave@example.com' });
    for (let i = 0; i < 11; i += 1) {
      const res = await bed.api.post(
        '/v1/auth/login',
        { username: 'dave', password: `wrong ${i}` },
        { ip: '10.0.0.1' },
      );
      expect(res.status, `try ${i + 1}`).toBe(i < 5 ? 401 : 429);
    }
    const blocked = await bed.api.post(
      '/v1/auth/login',
      { username: 'dave', password: PASSWORD },
      { ip: '10.0.0.1' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Too many attempts: try again in \d+ minutes$/);
    // Issue #15 item 7: the owner, from an address that did not fail, is let in.
    expect(await loginStatus('dave', PASSWORD, '10.0.9.9')).toBe(200);
  });

  it('an account with ten failures takes no more tries from addresses that failed, but one from any other', async () => {
    await signUp(bed.api, bed.smtp, { username: 'erin', email: 'erin@example.com' });
    for (let i = 0; i < 10; i += 1) {
      expect(await loginStatus('erin', `wrong ${i}`, `10.1.0.${i + 1}`)).toBe(401);
    }
    // A guessing address is refused even with the right password...
    expect(await loginStatus('erin', PASSWORD, '10.1.0.1')).toBe(429);
    // ...a new one gets its one try, and the owner's right password gets in.
    expect(await loginStatus('erin', 'wrong again', '10.1.1.1')).toBe(401);
    expect(await loginStatus('erin', 'wrong again', '10.1.1.1')).toBe(429);
    expect(await loginStatus('erin', PASSWORD, '10.1.2.1')).toBe(200);
  });

  it('counts the username and the e-mail of an account as one account', async () => {
    await signUp(bed.api, bed.smtp, { username: 'frank', email: 'frank@example.com' });
    const ip = '10.2.0.1';
    for (const username of ['frank', 'FRANK', 'frank', 'frank@example.com', 'Frank@Example.com']) {
      expect(await loginStatus(username, 'not it', ip)).toBe(401);
    }
    expect(await loginStatus('frank@example.com', PASSWORD, ip)).toBe(429);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address (issue #28 item 12)', async () => {
    await signUp(bed.api, bed.smtp, { username: 'gail', email: 'gail@example.com' });
    // Five tries on one account from one /64, each from another of its addresses: the sixth is refused.
    for (let i = 0; i < 5; i += 1) {
      const ip = `2001:db8:28:12:${i + 1}::${i + 7}`;
      expect(await loginStatus('gail', `no ${i}`, ip)).toBe(401);
    }
    expect(await loginStatus('gail', 'no 6', '2001:db8:28:12::ffff')).toBe(429);
    // The next /64 is another client.
    expect(await loginStatus('gail', PASSWORD, '2001:db8:28:13::1')).toBe(200);
    // An IPv4 address and its IPv4-mapped spelling are one client.
    for (let i = 0; i < 5; i += 1) {
      const ip = i % 2 ? '10.12.0.1' : '::ffff:10.12.0.1';
      expect(await loginStatus('gail', `no ${i}`, ip)).toBe(401);
    }
    expect(await loginStatus('gail', 'no 6', '10.12.0.1')).toBe(429);
  });

  it('limits sign-in tries per IP address across accounts', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 30; i += 1) {
      expect(await loginStatus(`someone${i}`, 'whatever1', ip)).toBe(401);
    }
    expect(await loginStatus('bob', PASSWORD, ip)).toBe(429);
  });
});

describe('sessions', () => {
  it('logout revokes the session: the token answers 401 afterwards', async () => {
    const token = (await bed.api.post('/v1/auth/login', { username: 'bob', password: PASSWORD })).body.payload
      .token as string;
    expect((await bed.api.post('/v1/auth/logout', undefined, { token })).body).toEqual({
      detail: 'Signed out',
    });
    expect(await bed.api.get('/v1/auth/access', { token })).toEqual({
      status: 401,
      body: { detail: 'Not signed in, or the session has expired' },
    });
  });

  it('an expired session, a made-up token or no token at all is 401', async () => {
    const token = (await bed.api.post('/v1/auth/login', { username: 'bob', password: PASSWORD })).body.payload
      .token as string;
    const hash = createHash('sha256').update(token).digest('hex');
    await bed.t.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.tokenHash, hash));
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(401);
    expect((await bed.api.get('/v1/auth/access', { token: 'made-up' })).status).toBe(401);
    expect((await bed.api.get('/v1/user/dashboard-stats')).status).toBe(401);
  });

  it('each customer sees only their own dashboard figures', async () => {
    const bob = (await bed.api.post('/v1/auth/login', { username: 'bob', password: PASSWORD })).body.payload
      .token as string;
    const ann = (await bed.api.post('/v1/auth/login', { username: 'ann', password: PASSWORD })).body.payload
      .token as string;
    expect((await bed.api.get('/v1/user/dashboard-stats', { token: bob })).body.payload.username).toBe('bob');
    expect((await bed.api.get('/v1/user/dashboard-stats', { token: ann })).body.payload.username).toBe('Ann');
  });
});
