import type * as Argon2 from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@proxydesk/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

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

const bed = useMailedApp();
beforeAll(async () => {
  await signUp(bed.api, bed.smtp, { username: 'known', email: 'known@example.com' });
});

/** The verifies one sign-in makes, and its answer. */
const attempt = async (username: string, password: string) => {
  const before = argon2.verifies;
  const answer = await bed.api.post('/v1/auth/login', { username, password });
  return { answer, verifies: argon2.verifies - before };
};

describe('no account enumeration by timing (issue #3 security rules)', () => {
  it('an unknown user costs exactly the one password hash a known user costs', async () => {
    const known = await attempt('known', 'not the password');
    const unknown = await attempt('nobody-at-all', 'not the password');
    expect(known).toEqual({
      answer: { status: 401, body: { detail: AUTH_MESSAGES.badCredentials } },
      verifies: 1,
    });
    expect(unknown).toEqual(known);
  });

  it('an account without a password (made through Google or Discord) costs one too', async () => {
    await bed.t.database.db.execute(`update users set password_hash = null where username = 'known'`);
    expect(await attempt('known', 'anything at all')).toEqual({
      answer: { status: 401, body: { detail: AUTH_MESSAGES.badCredentials } },
      verifies: 1,
    });
  });
});
