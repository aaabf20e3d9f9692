import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signUp, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

let t: TestApp;
let smtp: SmtpCapture;
let api: ApiClient;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' } });
  api = apiClient(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const proxyPasswordOf = async (username: string) =>
  (await t.database.db.select().from(schema.users).where(eq(schema.users.username, username)))[0]!.proxyPassword;

describe('POST /v1/user/reset-proxy-password (issue #6: a leaked line is stopped)', () => {
  it('gives the customer a new proxy password, and nobody else', async () => {
    const token = await signUp(api, smtp, { username: 'leaky', email: 'leaky@example.com' });
    await signUp(api, smtp, { username: 'bystander', email: 'bystander@example.com' });
    const [before, other] = [await proxyPasswordOf('leaky'), await proxyPasswordOf('bystander')];

    const answer = await api.post('/v1/user/reset-proxy-password', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.detail).toBe('New proxy password set: lines with the old one stop working within seconds. Generate them again.');
    expect(answer.body.payload.password).toMatch(/^[a-z0-9]{20}$/);
    expect(answer.body.payload.password).not.toBe(before);
    expect(await proxyPasswordOf('leaky')).toBe(answer.body.payload.password);
    expect(await proxyPasswordOf('bystander')).toBe(other);
  });

  it('needs a session', async () => {
    expect((await api.post('/v1/user/reset-proxy-password')).status).toBe(401);
  });
});
