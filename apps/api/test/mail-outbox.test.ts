import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.js';
import { createMailOutbox, enqueueMail, retryDelaySeconds } from '../src/modules/mail/outbox.js';
import { PASSWORD, apiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { freePort } from '../../../test-support/ports.js';
import { otpFrom, startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

const silent = pino({ level: 'silent' });
const rows = (t: TestApp, to: string) =>
  t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.recipient, to));

describe('mail outbox (issue #16 item 2)', () => {
  it('waits out 10 s, doubling, up to a day', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(24 * 3600);
  });

  it('SMTP refused for 20 s, then up: the sign-up code arrives without pressing resend', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, CAPTCHA_PROVIDER: 'off' } });
    let smtp: SmtpCapture | undefined;
    try {
      const api = apiClient(t.app);
      const email = 'patient@example.test';
      const signup = await api.post('/v1/auth/signup', { username: 'patient', email, password: PASSWORD });
      expect(signup.status).toBe(422);
      // The first try was refused: the mail waits for its next one, with the reason kept.
      await expect
        .poll(async () => (await rows(t, email))[0], { timeout: 10_000 })
        .toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      smtp = await startSmtpCapture({ port });
      const mail = await smtp.waitFor(email, { timeoutMs: 40_000 });
      expect((await api.post('/v1/auth/confirm-email', { email, otp: otpFrom(mail) })).status).toBe(200);
      const [row] = await rows(t, email);
      expect(row).toMatchObject({ state: 'sent', data: {} });
      expect(row!.attempts).toBeGreaterThan(1);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await t.close();
      await smtp?.close();
    }
  }, 90_000);

  describe('with a working SMTP server', () => {
    let smtp: SmtpCapture;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('sends a mail once its transaction commits, and never one whose transaction rolled back', async () => {
      const { db } = t.database;
      await db
        .transaction(async (tx) => {
          await enqueueMail(tx as never, {
            to: 'never@example.test',
            template: 'password-changed',
            data: {},
          });
          throw new Error('the event failed');
        })
        .catch(() => undefined);
      await db.transaction(async (tx) => {
        await enqueueMail(tx as never, { to: 'kept@example.test', template: 'password-changed', data: {} });
      });
      const mail = await smtp.waitFor('kept@example.test');
      expect(mail.subject).toBe('Your password was changed · ProxyDesk');
      expect(mail.html).toContain('Your password was changed');
      expect(await rows(t, 'never@example.test')).toEqual([]);
    });

    it('queues a mail with a once-key once, ever', async () => {
      const once = {
        to: 'once@example.test',
        template: 'password-changed' as const,
        data: {},
        onceKey: 'k1',
      };
      expect(await enqueueMail(t.database.db, once)).toBe(true);
      await smtp.waitFor('once@example.test');
      expect(await enqueueMail(t.database.db, once)).toBe(false);
      expect(await rows(t, 'once@example.test')).toHaveLength(1);
    });

    it('two senders over one database send each mail once', async () => {
      const second = createMailOutbox({
        database: t.database,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'x@example.test', log: silent }),
        context: { brand: 'ProxyDesk', publicUrl: 'http://shop.example' },
        log: silent,
      });
      const to = Array.from({ length: 25 }, (_, i) => `crowd${i}@example.test`);
      await t.database.db.transaction(async (tx) => {
        for (const address of to)
          await enqueueMail(tx as never, { to: address, template: 'password-changed', data: {} });
      });
      await Promise.all([second.deliverDue(), t.app.mailOutbox.deliverDue(), second.deliverDue()]);
      await Promise.all(to.map((address) => smtp.waitFor(address)));
      await t.app.mailOutbox.deliverDue();
      for (const address of to) expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(1);
    });

    it('a mail held by a live lease is left alone; one whose sender crashed is taken over after the lease', async () => {
      const { db } = t.database;
      const soon = new Date(Date.now() + 60_000);
      await db.insert(schema.mailOutbox).values([
        {
          recipient: 'held@example.test',
          template: 'password-changed',
          data: {},
          state: 'sending',
          attempts: 1,
          leaseUntil: soon,
        },
        {
          recipient: 'orphan@example.test',
          template: 'password-changed',
          data: {},
          state: 'sending',
          attempts: 1,
          leaseUntil: new Date(Date.now() - 1000),
        },
      ]);
      await t.app.mailOutbox.deliverDue();
      await smtp.waitFor('orphan@example.test');
      expect((await rows(t, 'orphan@example.test'))[0]).toMatchObject({ state: 'sent', attempts: 2 });
      expect((await rows(t, 'held@example.test'))[0]).toMatchObject({ state: 'sending', attempts: 1 });
      expect(smtp.mails.some((m) => m.to.includes('held@example.test'))).toBe(false);
    });

    it('gives up a mail that is no longer of use (a code past its lifetime), and forgets its data', async () => {
      await t.database.db.insert(schema.mailOutbox).values({
        recipient: 'late@example.test',
        template: 'otp',
        data: { purpose: 'login', code: '123456', minutes: 10 },
        discardAfter: new Date(Date.now() - 1000),
      });
      await t.app.mailOutbox.deliverDue();
      expect((await rows(t, 'late@example.test'))[0]).toMatchObject({ state: 'failed', data: {} });
    });
  });
});
