import type * as Db from '@proxydesk/db';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { otpFrom } from '../../../test-support/smtp.js';

/** Storing a code is made slow (the real insert still runs after the pause) to show who waits for it. */
const slow = vi.hoisted(() => ({ insertMs: 0 }));
vi.mock('@proxydesk/db', async (importOriginal) => {
  const actual = await importOriginal<typeof Db>();
  return {
    ...actual,
    insertOtp: async (...args: Parameters<typeof actual.insertOtp>) => {
      if (slow.insertMs) await new Promise((resolve) => setTimeout(resolve, slow.insertMs));
      return actual.insertOtp(...args);
    },
  };
});

const bed = useMailedApp();
beforeAll(async () => {
  await signUp(bed.api, bed.smtp, { username: 'known', email: 'known@example.com' });
});

const timed = async (email: string) => {
  const started = performance.now();
  const answer = await bed.api.post('/v1/auth/forgot-password', { email });
  return { answer, ms: performance.now() - started };
};

describe('forgot-password does the same work for known and unknown addresses (issue #15 item 8)', () => {
  it('answers without waiting for the code to be stored or mailed, and the code still arrives', async () => {
    slow.insertMs = 1500;
    try {
      const after = Date.now();
      // The unknown address first: the known one's slowed code is stored in a transaction after its answer, and
      // on PGlite (one connection) that holds every query behind it, the next request's attempt budgets included.
      const unknown = await timed('nobody@example.com');
      const known = await timed('known@example.com');
      expect(known.answer).toEqual(unknown.answer);
      expect(known.answer.status).toBe(200);
      // Well under the pause: the known address's answer did not wait for its code.
      expect(known.ms).toBeLessThan(1000);
      expect(unknown.ms).toBeLessThan(1000);
      const mail = await bed.smtp.waitFor('known@example.com', { after, timeoutMs: 10_000 });
      expect(otpFrom(mail)).toMatch(/^\d{6}$/);
    } finally {
      slow.insertMs = 0;
    }
  });
});
