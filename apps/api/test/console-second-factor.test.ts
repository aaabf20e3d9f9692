import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commands } from '../src/cli/commands.js';
import { PASSWORD, signInWithCode, signUp, turnOnTwoFactor } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';

/**
 * Issue #28 item 1: a password alone never opens the console. Turning 2FA on proves a mailed code, and the
 * console opens only to a session signed in with the second factor (ADR 004, "Staff and the console").
 */
const bed = useMailedApp();

const db = () => bed.t.database.db;
const makeStaff = async (username: string, role: 'operator' | 'support') => {
  const said = await commands.operator!([username, 'on'])(db());
  if (role === 'support')
    await db().update(schema.users).set({ role }).where(eq(schema.users.username, username));
  return said;
};
const passwordOnly = (username: string) =>
  bed.api
    .post('/v1/auth/login', { username, password: PASSWORD })
    .then((r) => r.body.payload.token as string);

/** A GET of the console as `token` is refused 403 with `detail`. */
const expectRefused = async (path: string, token: string, detail: string) =>
  expect(await bed.api.get(path, { token })).toEqual({ status: 403, body: { detail } });

describe('the console opens only to a session signed in with the second factor (issue #28 item 1)', () => {
  it('the reported attack: password-only sign-in, two-factor/true, then the console in the same session', async () => {
    await signUp(bed.api, bed.smtp, { username: 'mallory', email: 'mallory@example.com' });
    await makeStaff('mallory', 'operator');
    const token = await passwordOnly('mallory');
    const turnedOn = await bed.api.post('/v1/auth/two-factor/true', {}, { token });
    expect(turnedOn).toEqual({
      status: 422,
      body: { detail: AUTH_MESSAGES.reauthCodeSent, payload: { email: 'mallory@example.com' } },
    });
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.is_2fa).toBe(false);
    const overview = await bed.api.get('/v1/admin/overview', { token });
    expect(overview.status).not.toBe(200);
    expect(overview).toEqual({ status: 403, body: { detail: ADMIN_MESSAGES.turnOnTwoFactor } });
  });

  it('turning two-factor on takes the mailed code; a wrong one changes nothing', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'careful', email: 'careful@example.com' });
    const after = Date.now();
    expect((await bed.api.post('/v1/auth/two-factor/true', undefined, { token })).status).toBe(422);
    const code = otpFrom(await bed.smtp.waitFor('careful@example.com', { after }));
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await bed.api.post('/v1/auth/two-factor/true', { otp: wrong }, { token })).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.badOtp },
    });
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.is_2fa).toBe(false);
    expect(await bed.api.post('/v1/auth/two-factor/true', { otp: code }, { token })).toEqual({
      status: 200,
      body: { detail: 'Two-factor authentication is on', payload: { is_2fa: true } },
    });
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.is_2fa).toBe(true);
    // Already on: nothing to prove, nothing changes.
    expect((await bed.api.post('/v1/auth/two-factor/true', {}, { token })).status).toBe(200);
  });

  it('after 2FA is on, the same session stays out; a sign-in with the code opens the console', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'owner', email: 'owner@example.com' });
    expect(await makeStaff('owner', 'operator')).toBe(
      'owner: customer → operator (turn on two-factor authentication in Settings, then sign in again with its code, to open the console)',
    );
    await expectRefused('/v1/admin/me', token, ADMIN_MESSAGES.turnOnTwoFactor);
    await turnOnTwoFactor(bed.api, bed.smtp, token, 'owner@example.com');
    await expectRefused('/v1/admin/overview', token, ADMIN_MESSAGES.signInWithCode);
    const signedIn = await signInWithCode(bed.api, bed.smtp, {
      username: 'owner',
      email: 'owner@example.com',
    });
    expect((await bed.api.get('/v1/admin/overview', { token: signedIn })).status).toBe(200);
    // A password change from that session keeps it a second-factor session on this device.
    const changed = await bed.api.post(
      '/v1/auth/update-password',
      { old_password: PASSWORD, new_password: 'a fresh long secret' },
      { token: signedIn },
    );
    expect(changed.status).toBe(200);
    expect((await bed.api.get('/v1/admin/me', { token: changed.body.payload.token })).status).toBe(200);
    // Two-factor turned off (with the password) closes the console even to that session.
    const off = await bed.api.post(
      '/v1/auth/two-factor/false',
      { password: 'a fresh long secret' },
      { token: changed.body.payload.token },
    );
    expect(off.status).toBe(200);
    await expectRefused('/v1/admin/me', changed.body.payload.token, ADMIN_MESSAGES.turnOnTwoFactor);
  });

  it('support is held to the same rule', async () => {
    await signUp(bed.api, bed.smtp, { username: 'helper', email: 'helper@example.com' });
    await makeStaff('helper', 'support');
    await db().update(schema.users).set({ is2fa: true }).where(eq(schema.users.username, 'helper'));
    // A session made before 2FA was on (say, from sign-up) is not enough.
    const token = await signUp(bed.api, bed.smtp, { username: 'helper2', email: 'helper2@example.com' });
    await makeStaff('helper2', 'support');
    await db().update(schema.users).set({ is2fa: true }).where(eq(schema.users.username, 'helper2'));
    await expectRefused('/v1/admin/customers', token, ADMIN_MESSAGES.signInWithCode);
    const withCode = await signInWithCode(bed.api, bed.smtp, {
      username: 'helper',
      email: 'helper@example.com',
    });
    expect((await bed.api.get('/v1/admin/customers', { token: withCode })).status).toBe(200);
  });
});
