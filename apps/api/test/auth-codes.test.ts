import { AUTH_MESSAGES } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';
import { makeReseller } from '../../../test-support/resellers.js';

const bed = useMailedApp();

/** Starts a sign-up and answers the mailed code. */
const pendingSignUp = async (username: string) => {
  const email = `${username}@example.com`;
  const after = Date.now();
  expect((await bed.api.post('/v1/auth/signup', { username, email, password: PASSWORD })).status).toBe(422);
  return { email, code: otpFrom(await bed.smtp.waitFor(email, { after })) };
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const otpRows = (email: string) =>
  bed.t.database.db.select().from(schema.otps).where(eq(schema.otps.email, email));

describe('one-time codes (issue #3 security rules)', () => {
  it('are single use', async () => {
    const { email, code } = await pendingSignUp('once');
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(200);
    expect(await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.badOtp },
    });
  });

  it('allow five wrong tries, then even the right code needs a new one', async () => {
    const { email, code } = await pendingSignUp('guesser');
    for (let i = 0; i < 4; i += 1) {
      expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: otherCode(code) })).status).toBe(
        400,
      );
    }
    expect(await bed.api.post('/v1/auth/confirm-email', { email, otp: otherCode(code) })).toEqual({
      status: 429,
      body: { detail: AUTH_MESSAGES.otpExhausted },
    });
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(429);

    // A new code (no minute to wait: the old one is used up) works.
    const after = Date.now();
    expect((await bed.api.post('/v1/auth/resend-otp', { email })).body).toEqual({
      detail: AUTH_MESSAGES.otpSent,
    });
    const fresh = otpFrom(await bed.smtp.waitFor(email, { after }));
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: fresh })).status).toBe(200);
  });

  it('never make more than five comparisons, even when the guesses arrive at once', async () => {
    const { email, code } = await pendingSignUp('swarm');
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    // From an address of their own, so that the per-IP limit on code checks is not what stops them.
    const answers = await Promise.all(
      [...guesses, code].map((otp) =>
        bed.api.post('/v1/auth/confirm-email', { email, otp }, { ip: '10.3.3.3' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    const [row] = await otpRows(email);
    expect(row!.attempts).toBeGreaterThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(8);
  });

  it('expire after ten minutes', async () => {
    const { email, code } = await pendingSignUp('sleepy');
    const [row] = await otpRows(email);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    await bed.t.database.db
      .update(schema.otps)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(schema.otps.id, row!.id));
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(400);
  });

  it('are stored hashed, and mailed again at most once a minute', async () => {
    const { email, code } = await pendingSignUp('resender');
    const [row] = await otpRows(email);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const sent = () => bed.smtp.mails.filter((m) => m.to.includes(email)).length;
    const before = sent();
    await bed.api.post('/v1/auth/resend-otp', { email });
    await bed.api.post('/v1/auth/resend-otp', { email });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent()).toBe(before);
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(200);
  });

  it('answers resend and forgot-password the same whether or not the e-mail has an account', async () => {
    const known = await bed.api.post('/v1/auth/forgot-password', { email: 'once@example.com' });
    const unknown = await bed.api.post('/v1/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known).toEqual({
      status: 200,
      body: { detail: 'If an account uses this e-mail, we have sent it a code.' },
    });
    expect(unknown).toEqual(known);
    expect(await bed.api.post('/v1/auth/resend-otp', { email: 'nobody@example.com' })).toEqual(
      await bed.api.post('/v1/auth/resend-otp', { email: 'once@example.com' }),
    );
  });
});

describe('forgot and reset password (SPEC.md §4)', () => {
  it('resets with the mailed code: new token, old sessions revoked, old password gone', async () => {
    const oldToken = await signUp(bed.api, bed.smtp, {
      username: 'forgetful',
      email: 'forgetful@example.com',
    });
    const after = Date.now();
    await bed.api.post('/v1/auth/forgot-password', { email: 'Forgetful@Example.com' });
    const code = otpFrom(await bed.smtp.waitFor('forgetful@example.com', { after }));

    const mismatch = await bed.api.post('/v1/auth/reset-password', {
      email: 'forgetful@example.com',
      otp: code,
      password: 'a brand new secret',
      cnf_password: 'a different secret',
    });
    expect(mismatch).toEqual({
      status: 400,
      body: { detail: `body.cnf_password: ${AUTH_MESSAGES.resetPasswordMismatch}` },
    });

    const reset = await bed.api.post('/v1/auth/reset-password', {
      email: 'forgetful@example.com',
      otp: code,
      password: 'a brand new secret',
      cnf_password: 'a brand new secret',
    });
    expect(reset.status).toBe(200);
    expect((await bed.api.get('/v1/auth/access', { token: reset.body.payload.token })).status).toBe(200);
    expect((await bed.api.get('/v1/auth/access', { token: oldToken })).status).toBe(401);
    expect((await bed.api.post('/v1/auth/login', { username: 'forgetful', password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await bed.api.post('/v1/auth/login', { username: 'forgetful', password: 'a brand new secret' }))
        .status,
    ).toBe(200);
  });

  it('does not take a sign-up code as a reset code', async () => {
    const { email, code } = await pendingSignUp('crossed');
    const reset = await bed.api.post('/v1/auth/reset-password', {
      email,
      otp: code,
      password: 'a brand new secret',
      cnf_password: 'a brand new secret',
    });
    expect(reset).toEqual({ status: 400, body: { detail: AUTH_MESSAGES.badOtp } });
  });
});

describe('security settings (SPEC.md §2 Settings, §4)', () => {
  it('changes the e-mail in two steps, with the code sent to the new address', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'mover', email: 'mover@example.com' });
    const after = Date.now();
    const requested = await bed.api.post(
      '/v1/auth/update-email-verification',
      { email: 'New@Example.com', password: PASSWORD },
      { token },
    );
    expect(requested).toEqual({ status: 200, body: { detail: AUTH_MESSAGES.otpSent } });
    const code = otpFrom(await bed.smtp.waitFor('new@example.com', { after }));
    expect(
      bed.smtp.mails.filter((m) => m.to.includes('mover@example.com') && m.receivedAt >= after),
    ).toHaveLength(0);

    expect(
      (await bed.api.post('/v1/auth/update-email', { email: 'other@example.com', otp: code }, { token }))
        .status,
    ).toBe(400);
    expect(
      await bed.api.post('/v1/auth/update-email', { email: 'new@example.com', otp: code }, { token }),
    ).toEqual({
      status: 200,
      body: { detail: 'Your e-mail address is now new@example.com' },
    });
    expect((await bed.api.get('/v1/user/dashboard-stats', { token })).body.payload.email).toBe(
      'new@example.com',
    );
  });

  it('changes the password: the old one must be right, and every session is replaced by one new token', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'rotator', email: 'rotator@example.com' });
    const other = (await bed.api.post('/v1/auth/login', { username: 'rotator', password: PASSWORD })).body
      .payload.token as string;
    expect(
      await bed.api.post(
        '/v1/auth/update-password',
        { old_password: 'not it at all', new_password: 'next secret 123' },
        { token },
      ),
    ).toEqual({
      status: 400,
      body: { detail: 'The old password is not right' },
    });
    expect(
      (
        await bed.api.post(
          '/v1/auth/update-password',
          { old_password: PASSWORD, new_password: 'iloveyou' },
          { token },
        )
      ).body.detail,
    ).toBe(AUTH_MESSAGES.commonPassword);

    const changed = await bed.api.post(
      '/v1/auth/update-password',
      { old_password: PASSWORD, new_password: 'next secret 123' },
      { token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.detail).toBe('Password changed: your other devices are signed out');
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(401);
    expect((await bed.api.get('/v1/auth/access', { token: other })).status).toBe(401);
    expect((await bed.api.get('/v1/auth/access', { token: changed.body.payload.token })).status).toBe(200);
    expect(
      (await bed.api.post('/v1/auth/login', { username: 'rotator', password: 'next secret 123' })).status,
    ).toBe(200);
  });

  it('deactivation revokes every session and sign-in then answers 403 "Account deactivated"', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'leaver', email: 'leaver@example.com' });
    const other = (await bed.api.post('/v1/auth/login', { username: 'leaver', password: PASSWORD })).body
      .payload.token as string;
    expect(await bed.api.post('/v1/auth/deactivate', { password: PASSWORD }, { token })).toEqual({
      status: 200,
      body: { detail: 'Account deactivated' },
    });
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(401);
    expect((await bed.api.get('/v1/auth/access', { token: other })).status).toBe(401);
    expect(await bed.api.post('/v1/auth/login', { username: 'leaver', password: PASSWORD })).toEqual({
      status: 403,
      body: { detail: 'Account deactivated' },
    });
    expect(
      (await bed.api.post('/v1/auth/login', { username: 'leaver', password: 'wrong password' })).status,
    ).toBe(401);
  });

  it('reads the two-factor path value and refuses anything else', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'switcher', email: 'switcher@example.com' });
    const after = Date.now();
    expect((await bed.api.post('/v1/auth/two-factor/True', undefined, { token })).status).toBe(422);
    const otp = otpFrom(await bed.smtp.waitFor('switcher@example.com', { after }));
    expect((await bed.api.post('/v1/auth/two-factor/True', { otp }, { token })).body.payload).toEqual({
      is_2fa: true,
    });
    expect(
      (await bed.api.post('/v1/auth/two-factor/false', { password: PASSWORD }, { token })).body.payload,
    ).toEqual({
      is_2fa: false,
    });
    expect((await bed.api.post('/v1/auth/two-factor/maybe', undefined, { token })).status).toBe(400);
    expect((await bed.api.post('/v1/auth/two-factor/true')).status).toBe(401);
  });
});

describe('reseller API key (SPEC.md §2 Settings, DESIGN.md §2)', () => {
  it('only resellers make keys; a key works as Api-Key, is stored hashed, shown once, and replaced by the next', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'reseller', email: 'reseller@example.com' });
    expect(await bed.api.post('/v1/user/generate-api-key', undefined, { token })).toEqual({
      status: 403,
      body: { detail: 'Only resellers can do this' },
    });
    await makeReseller(bed.t.database.db, 'reseller');

    const made = await bed.api.post('/v1/user/generate-api-key', undefined, { token });
    expect(made.status).toBe(200);
    const key = made.body.payload.apiKey as string;
    expect(key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    const access = await bed.api.get('/v1/auth/access', { apiKey: key });
    expect(access.body.payload).toMatchObject({ isReseller: true, apiKey: `${key.slice(0, 12)}…` });
    expect(JSON.stringify(await bed.t.database.db.select().from(schema.apiKeys))).not.toContain(key);

    const next = (await bed.api.post('/v1/user/generate-api-key', undefined, { apiKey: key })).body.payload
      .apiKey as string;
    expect((await bed.api.get('/v1/auth/access', { apiKey: key })).status).toBe(401);
    expect((await bed.api.get('/v1/user/dashboard-stats', { apiKey: next })).body.payload.username).toBe(
      'reseller',
    );
  });

  it('a customer who is not a reseller cannot use a key', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'demoted', email: 'demoted@example.com' });
    await makeReseller(bed.t.database.db, 'demoted');
    const key = (await bed.api.post('/v1/user/generate-api-key', undefined, { token })).body.payload
      .apiKey as string;
    await bed.t.database.db
      .update(schema.users)
      .set({ role: 'customer' })
      .where(eq(schema.users.username, 'demoted'));
    expect((await bed.api.get('/v1/auth/access', { apiKey: key })).status).toBe(401);
  });
});
