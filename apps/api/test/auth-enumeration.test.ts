import type * as Argon2 from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@proxydesk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, signUp, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

/** Every argon2 verify the app makes is counted (the real one still runs). */
const argon2 = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2.verifies += 1;
      return actual.verify(...args);
    },
  };
});

let t: TestApp;
let smtp: SmtpCapture;
let api: ApiClient;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' } });
  api = apiClient(t.app);
  await signUp(api, smtp, { username: 'known', email: 'known@example.com' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The verifies one sign-in makes, and its answer. */
const attempt = async (username: string, password: string) => {
  const before = argon2.verifies;
  const answer = await api.post('/v1/auth/login', { username, password });
  return { answer, verifies: argon2.verifies - before };
};

describe('no account enumeration by timing (issue #3 security rules)', () => {
  it('an unknown user costs exactly the one password hash a known user costs', async () => {
    const known = await attempt('known', 'not the password');
    const unknown = await attempt('nobody-at-all', 'not the password');
    expect(known).toEqual({ answer: { status: 401, body: { detail: AUTH_MESSAGES.badCredentials } }, verifies: 1 });
    expect(unknown).toEqual(known);
  });

  it('an account without a password (made through Google or Discord) costs one too', async () => {
    await t.database.db.execute(`update users set password_hash = null where username = 'known'`);
    expect(await attempt('known', 'anything at all')).toEqual({
      answer: { status: 401, body: { detail: AUTH_MESSAGES.badCredentials } },
      verifies: 1,
    });
  });
});
