import { AUTH_MESSAGES } from '@proxydesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp, turnOnTwoFactor } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';
import { makeReseller } from '../../../test-support/resellers.js';

/** Issue #15 items 4, 9 and 12: security changes re-authenticate, tell the owner, and end other sessions. */
const bed = useMailedApp();

const customer = async (username: string) => {
  const email = `${username}@example.com`;
  const token = await signUp(bed.api, bed.smtp, { username, email });
  const other = (await bed.api.post('/v1/auth/login', { username, password: PASSWORD })).body.payload
    .token as string;
  return { email, token, other };
};
const mailsTo = (email: string, after: number) =>
  bed.smtp.mails.filter((m) => m.to.includes(email) && m.receivedAt >= after);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** Sets a new password with the code the reset mail gave, as the reset form does. */
const resetPassword = (email: string, otp: string, password: string) =>
  bed.api.post('/v1/auth/reset-password', { email, otp, password, cnf_password: password });

describe('security changes ask for the current password (issue #15 item 4, DESIGN.md §3)', () => {
  it('the e-mail change: no password or a wrong one mails nothing; the right one mails the code', async () => {
    const { token } = await customer('mover');
    const after = Date.now();
    const ask = (body: object) =>
      bed.api.post('/v1/auth/update-email-verification', { email: 'moved@example.com', ...body }, { token });
    expect(await ask({})).toEqual({ status: 400, body: { detail: AUTH_MESSAGES.currentPasswordNeeded } });
    expect(await ask({ password: 'not the password' })).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.currentPasswordWrong },
    });
    await settle();
    expect(mailsTo('moved@example.com', after)).toHaveLength(0);
    expect(await ask({ password: PASSWORD })).toEqual({
      status: 200,
      body: { detail: AUTH_MESSAGES.otpSent },
    });
    expect(otpFrom(await bed.smtp.waitFor('moved@example.com', { after }))).toMatch(/^\d{6}$/);
  });

  it('two-factor off and deactivation need it too; two-factor on takes the mailed code (issue #28)', async () => {
    const { token } = await customer('guarded');
    await turnOnTwoFactor(bed.api, bed.smtp, token, 'guarded@example.com');
    /** Refused without the password or with a wrong one (the flag stays on), done with it. */
    const needsPassword = async (path: string, flag: 'is_2fa' | 'is_active', done: object) => {
      expect(await bed.api.post(path, undefined, { token })).toEqual({
        status: 400,
        body: { detail: AUTH_MESSAGES.currentPasswordNeeded },
      });
      expect((await bed.api.post(path, { password: 'wrong one here' }, { token })).status).toBe(400);
      expect((await bed.api.get('/v1/auth/access', { token })).body.payload[flag]).toBe(true);
      // A form that sends the unused code field empty (issue #19 item 10) is a password proof all the same.
      expect(await bed.api.post(path, { password: PASSWORD, otp: '' }, { token })).toEqual({
        status: 200,
        body: done,
      });
    };
    await needsPassword('/v1/auth/two-factor/false', 'is_2fa', {
      detail: 'Two-factor authentication is off',
      payload: { is_2fa: false },
    });
    await needsPassword('/v1/auth/deactivate', 'is_active', { detail: 'Account deactivated' });
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(401);
  });

  it('an account with no password (Google/Discord only) confirms with a code mailed to its current address', async () => {
    const { email, token } = await customer('social');
    await bed.t.database.db.execute(sql`update users set password_hash = null where username = 'social'`);
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.has_password).toBe(false);

    const after = Date.now();
    expect(await bed.api.post('/v1/auth/deactivate', {}, { token })).toEqual({
      status: 422,
      body: { detail: AUTH_MESSAGES.reauthCodeSent, payload: { email } },
    });
    const mail = await bed.smtp.waitFor(email, { after });
    expect(mail.subject).toMatch(/Confirm a change/);
    const code = otpFrom(mail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await bed.api.post('/v1/auth/deactivate', { otp: wrong }, { token })).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.badOtp },
    });
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.is_active).toBe(true);
    expect((await bed.api.post('/v1/auth/deactivate', { otp: code }, { token })).status).toBe(200);
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(401);
  });

  it('an API key never reaches account security: 401 there, while it still works for a reseller call', async () => {
    const { token } = await customer('scripted');
    await makeReseller(bed.t.database.db, 'scripted');
    const apiKey = (await bed.api.post('/v1/user/generate-api-key', undefined, { token })).body.payload
      .apiKey as string;
    const calls: [string, object | undefined][] = [
      ['/v1/auth/update-email-verification', { email: 'thief@example.com', password: PASSWORD }],
      ['/v1/auth/update-email', { email: 'thief@example.com', otp: '123456' }],
      ['/v1/auth/update-password', { old_password: PASSWORD, new_password: 'stolen secret 77' }],
      ['/v1/auth/two-factor/false', { password: PASSWORD }],
      ['/v1/auth/deactivate', { password: PASSWORD }],
    ];
    for (const [path, body] of calls) {
      expect(await bed.api.post(path, body, { apiKey }), path).toEqual({
        status: 401,
        body: { detail: 'Not signed in, or the session has expired' },
      });
    }
    expect((await bed.api.get('/v1/user/dashboard-stats', { apiKey })).status).toBe(200);
    expect((await bed.api.post('/v1/auth/login', { username: 'scripted', password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('the owner is told, and other sessions end (issue #15 item 4)', () => {
  it('an e-mail change tells the old address and signs out the other devices, not this one', async () => {
    const { token, other } = await customer('relocator');
    const after = Date.now();
    await bed.api.post(
      '/v1/auth/update-email-verification',
      { email: 'relocated@example.com', password: PASSWORD },
      { token },
    );
    const code = otpFrom(await bed.smtp.waitFor('relocated@example.com', { after }));
    expect(
      await bed.api.post('/v1/auth/update-email', { email: 'relocated@example.com', otp: code }, { token }),
    ).toEqual({ status: 200, body: { detail: 'Your e-mail address is now relocated@example.com' } });

    const notice = await bed.smtp.waitFor('relocator@example.com', { after });
    expect(notice.subject).toMatch(/e-mail address was changed/);
    expect(notice.text).toContain('relocated@example.com');
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(200);
    expect((await bed.api.get('/v1/auth/access', { token: other })).status).toBe(401);
  });

  it('a password change and a reset tell the account’s address', async () => {
    const { email, token } = await customer('notified');
    const after = Date.now();
    const changed = await bed.api.post(
      '/v1/auth/update-password',
      { old_password: PASSWORD, new_password: 'next secret 123' },
      { token },
    );
    expect(changed.status).toBe(200);
    const changedMail = await bed.smtp.waitFor(email, { after });
    expect(changedMail.subject).toMatch(/password was changed/);

    const beforeReset = changedMail.receivedAt + 1;
    await bed.api.post('/v1/auth/forgot-password', { email });
    const resetMail = await bed.smtp.waitFor(email, { after: beforeReset });
    const code = otpFrom(resetMail);
    const afterCode = resetMail.receivedAt + 1;
    const reset = await resetPassword(email, code, 'third secret 456');
    expect(reset.status).toBe(200);
    expect((await bed.smtp.waitFor(email, { after: afterCode })).subject).toMatch(/password was changed/);
  });
});

describe('the e-mail change is no oracle of registered addresses (issue #15 item 9)', () => {
  it('answers a taken address like a free one, and tells the taken address’s owner instead', async () => {
    const { token } = await customer('prober');
    await customer('holder');
    const after = Date.now();
    const taken = await bed.api.post(
      '/v1/auth/update-email-verification',
      { email: 'holder@example.com', password: PASSWORD },
      { token },
    );
    const free = await bed.api.post(
      '/v1/auth/update-email-verification',
      { email: 'free-address@example.com', password: PASSWORD },
      { token },
    );
    expect(taken).toEqual({ status: 200, body: { detail: AUTH_MESSAGES.otpSent } });
    expect(free).toEqual(taken);
    const told = await bed.smtp.waitFor('holder@example.com', { after });
    expect(told.subject).toMatch(/tried to use your e-mail address/);
    expect(told.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    expect(otpFrom(await bed.smtp.waitFor('free-address@example.com', { after }))).toMatch(/^\d{6}$/);
  });
});

describe('credentials and sessions change together (issue #15 item 12)', () => {
  /** Makes revoking sessions fail inside the database, as a dropped connection or a crash would. */
  const breakRevocation = async (on: boolean) => {
    const { db } = bed.t.database;
    if (on) {
      await db.execute(sql`create or replace function refuse_revoke() returns trigger language plpgsql as $$
        begin raise exception 'revocation refused for the test'; end $$`);
      await db.execute(
        sql`create trigger refuse_revoke before update on sessions for each row execute function refuse_revoke()`,
      );
    } else {
      await db.execute(sql`drop trigger refuse_revoke on sessions`);
    }
  };

  it('a password change whose revocation fails keeps the old password and sessions', async () => {
    const { token } = await customer('atomic');
    await breakRevocation(true);
    try {
      const answer = await bed.api.post(
        '/v1/auth/update-password',
        { old_password: PASSWORD, new_password: 'half changed 999' },
        { token },
      );
      expect(answer.status).toBe(500);
    } finally {
      await breakRevocation(false);
    }
    expect((await bed.api.post('/v1/auth/login', { username: 'atomic', password: PASSWORD })).status).toBe(
      200,
    );
    expect((await bed.api.get('/v1/auth/access', { token })).status).toBe(200);
  });

  it('a reset whose revocation fails keeps the old password', async () => {
    const { email } = await customer('atomic2');
    const after = Date.now();
    await bed.api.post('/v1/auth/forgot-password', { email });
    const code = otpFrom(await bed.smtp.waitFor(email, { after }));
    await breakRevocation(true);
    try {
      const answer = await resetPassword(email, code, 'half changed 999');
      expect(answer.status).toBe(500);
    } finally {
      await breakRevocation(false);
    }
    expect((await bed.api.post('/v1/auth/login', { username: 'atomic2', password: PASSWORD })).status).toBe(
      200,
    );
  });
});
