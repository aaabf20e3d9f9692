// Issue #28 item 7: failed `Authorization` attempts (a bad Bearer token or Api-Key) are counted per client
// address under the shared counters; past the budget every credential from that address is refused with 429
// before it is looked up, so a guesser learns nothing more, while other addresses are served as before.
import { describe, expect, it } from 'vitest';
import { FAILED_AUTH_LIMIT } from '../src/plugins/authenticate.js';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

const bed = useMailedApp();
const [BUDGET] = FAILED_AUTH_LIMIT;

const stats = (ip: string, authorization?: string) =>
  bed.t.app.inject({
    method: 'GET',
    url: '/v1/user/dashboard-stats',
    remoteAddress: ip,
    headers: authorization ? { authorization } : {},
  });

describe('failed authentication is rate-limited per client address (issue #28 item 7)', () => {
  it('refuses an address past its budget of bad tokens and keys, even with a good token; others are served', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'kim', email: 'kim@example.com' });
    const ip = '2001:db8:28:7::1';
    for (let i = 0; i < BUDGET; i += 1) {
      const guess = i % 2 ? `Bearer guess-${i}` : `Api-Key pdk_guess${i}`;
      expect((await stats(ip, guess)).statusCode, `try ${i + 1}`).toBe(401);
    }
    // The next guess, from another address of the same /64, and the good token from the guessing address.
    const refused = await stats('2001:db8:28:7::2', 'Bearer one-more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Too many failed sign-ins from your address: try again in \d+ minutes$/,
    );
    expect((await stats(ip, `Bearer ${token}`)).statusCode).toBe(429);
    // The console's routes count the same way (their 404 disguise aside).
    expect(
      (
        await bed.t.app.inject({
          method: 'GET',
          url: '/v1/admin/overview',
          remoteAddress: ip,
          headers: { authorization: 'Bearer x' },
        })
      ).statusCode,
    ).toBe(429);
    // No credential at all is no guess: still the plain 401.
    expect((await stats(ip)).statusCode).toBe(401);
    // Another address is served.
    expect((await stats('10.28.7.1', `Bearer ${token}`)).statusCode).toBe(200);
  });

  it('does not count good tokens or missing ones', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'lou', email: 'lou@example.com' });
    const ip = '10.28.7.2';
    for (let i = 0; i < BUDGET + 5; i += 1) {
      expect((await stats(ip, `Bearer ${token}`)).statusCode).toBe(200);
      expect((await stats(ip)).statusCode).toBe(401);
    }
    expect((await stats(ip, 'Bearer wrong')).statusCode).toBe(401);
  });
});
