import { AUTH_MESSAGES } from '@proxydesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp, turnOnTwoFactor } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';

const bed = useMailedApp();

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
/** Each guess from an address of its own: the per-IP limits are not what is tested here. */
let guessIp = 0;
const fromNewAddress = () => ({ ip: `10.44.${Math.floor(guessIp / 250)}.${(guessIp++ % 250) + 1}` });
/** Ages the account's codes past the one-a-minute resend rule, as a minute of waiting would. */
const ageCodes = (email: string) =>
  bed.t.database.db.execute(
    sql`update otps set created_at = created_at - interval '2 minutes' where email = ${email}`,
  );

describe('a per-account budget of wrong codes, across codes, purposes and addresses (issue #15 item 1)', () => {
  it('ten wrong codes in an hour cool down every code of the account, even a right one, with a clear 429', async () => {
    const email = 'target@example.com';
    const token = await signUp(bed.api, bed.smtp, { username: 'target', email });
    await turnOnTwoFactor(bed.api, bed.smtp, token, email);

    // Five wrong reset codes use that code up.
    let after = Date.now();
    await bed.api.post('/v1/auth/forgot-password', { email });
    const reset = otpFrom(await bed.smtp.waitFor(email, { after }));
    for (let i = 0; i < 5; i += 1) {
      const answer = await bed.api.post(
        '/v1/auth/reset-password',
        { email, otp: wrong(reset), password: 'guessed secret 1', cnf_password: 'guessed secret 1' },
        fromNewAddress(),
      );
      expect(answer.status).toBe(i < 4 ? 400 : 429);
    }

    // Four wrong two-factor codes, then one wrong e-mail change code: ten on the account.
    after = Date.now();
    expect((await bed.api.post('/v1/auth/login', { username: 'target', password: PASSWORD })).status).toBe(
      422,
    );
    const signIn = otpFrom(await bed.smtp.waitFor(email, { after }));
    for (let i = 0; i < 4; i += 1) {
      const answer = await bed.api.post(
        '/v1/auth/confirm-email',
        { email, otp: wrong(signIn) },
        fromNewAddress(),
      );
      expect(answer).toEqual({ status: 400, body: { detail: AUTH_MESSAGES.badOtp } });
    }
    after = Date.now();
    await bed.api.post(
      '/v1/auth/update-email-verification',
      { email: 'target-new@example.com', password: PASSWORD },
      { token },
    );
    const change = otpFrom(await bed.smtp.waitFor('target-new@example.com', { after }));
    const tenth = await bed.api.post(
      '/v1/auth/update-email',
      { email: 'target-new@example.com', otp: wrong(change) },
      { token },
    );
    expect(tenth.status).toBe(429);
    expect(tenth.body.detail).toMatch(new RegExp(`^${AUTH_MESSAGES.codesCoolingDown} (59|60) minutes$`));

    // The right codes wait for the hour too, and no new code is mailed meanwhile.
    const right = await bed.api.post('/v1/auth/confirm-email', { email, otp: signIn }, fromNewAddress());
    expect(right).toEqual(tenth);
    expect(
      (
        await bed.api.post(
          '/v1/auth/update-email',
          { email: 'target-new@example.com', otp: change },
          { token },
        )
      ).status,
    ).toBe(429);
    after = Date.now();
    expect((await bed.api.post('/v1/auth/forgot-password', { email })).status).toBe(200);
    await settle();
    expect(bed.smtp.mails.filter((m) => m.to.includes(email) && m.receivedAt >= after)).toHaveLength(0);
  });

  it('a right code gives its try back: many sign-ins with two-factor never cool the account down', async () => {
    const email = 'regular@example.com';
    await signUp(bed.api, bed.smtp, { username: 'regular', email });
    // Two-factor on as Settings leaves it, without spending one of the hour's five mails on turning it on.
    await bed.t.database.db.execute(sql`update users set is_2fa = true where email = ${email}`);
    for (let i = 0; i < 4; i += 1) {
      await ageCodes(email);
      const after = Date.now();
      await bed.api.post('/v1/auth/login', { username: 'regular', password: PASSWORD });
      const code = otpFrom(await bed.smtp.waitFor(email, { after }));
      await bed.api.post('/v1/auth/confirm-email', { email, otp: wrong(code) });
      await bed.api.post('/v1/auth/confirm-email', { email, otp: wrong(code) });
      expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(200);
    }
  });
});

describe('a per-account budget of codes mailed (issue #15 item 1)', () => {
  it('mails five codes an hour: resend works within it, the sixth is not sent, the answer is the same', async () => {
    const email = 'chatty@example.com';
    let mail = await (async () => {
      const after = Date.now();
      await bed.api.post('/v1/auth/signup', { username: 'chatty', email, password: PASSWORD });
      return bed.smtp.waitFor(email, { after });
    })();
    const resend = async () => {
      await ageCodes(email);
      expect(await bed.api.post('/v1/auth/resend-otp', { email })).toEqual({
        status: 200,
        body: { detail: AUTH_MESSAGES.otpSent },
      });
    };
    for (let i = 0; i < 4; i += 1) {
      await resend();
      mail = await bed.smtp.waitFor(email, { after: mail.receivedAt + 1 });
    }
    const code = otpFrom(mail);
    const after = mail.receivedAt + 1;
    await resend();
    await settle();
    expect(bed.smtp.mails.filter((m) => m.to.includes(email) && m.receivedAt >= after)).toHaveLength(0);
    // The fifth code still works.
    expect((await bed.api.post('/v1/auth/confirm-email', { email, otp: code })).status).toBe(200);
  });
});

describe('the sign-up hijack race (issue #15 item 5)', () => {
  it('victim signs up, attacker signs up with the same address: the latest code in the mailbox signs in the victim', async () => {
    const email = 'shared-box@example.com';
    const after = Date.now();
    expect(
      (
        await bed.api.post(
          '/v1/auth/signup',
          { username: 'victim_v', email, password: PASSWORD },
          { ip: '10.55.0.1' },
        )
      ).status,
    ).toBe(422);
    const victimMail = await bed.smtp.waitFor(email, { after });
    expect(victimMail.text).toContain('"victim_v"');

    const attacker = await bed.api.post(
      '/v1/auth/signup',
      { username: 'attacker_a', email, password: 'attacker chosen 99' },
      { ip: '10.55.0.2' },
    );
    expect(attacker).toEqual({ status: 422, body: { detail: AUTH_MESSAGES.otpSent, payload: { email } } });
    await settle();

    const latest = bed.smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
    const confirmed = await bed.api.post('/v1/auth/confirm-email', { email, otp: otpFrom(latest) });
    expect(confirmed.status).toBe(200);
    const stats = await bed.api.get('/v1/user/dashboard-stats', { token: confirmed.body.payload.token });
    expect(stats.body.payload.username).toBe('victim_v');
    expect(
      (await bed.api.post('/v1/auth/login', { username: 'attacker_a', password: 'attacker chosen 99' }))
        .status,
    ).toBe(401);
    expect(
      (await bed.api.post('/v1/auth/login', { username: email, password: 'attacker chosen 99' })).status,
    ).toBe(401);
    expect((await bed.api.post('/v1/auth/login', { username: 'victim_v', password: PASSWORD })).status).toBe(
      200,
    );
  });
});
