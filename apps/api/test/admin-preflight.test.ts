import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signUp } from '../../../test-support/accounts.js';
import { createTestApp, useMailedApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';
import { signInAsStaff } from '../../../test-support/staff.js';

const bed = useMailedApp();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = bed.t.database.db;
  // The console opens only to a sign-in with the mailed code (issue #28).
  tokens.opal = await signInAsStaff(bed.api, bed.smtp, db, { username: 'opal', role: 'operator' });
  tokens.sam = await signInAsStaff(bed.api, bed.smtp, db, { username: 'sam', role: 'support' });
  tokens.carl = await signUp(bed.api, bed.smtp, { username: 'carl', email: 'carl@example.com' });
});

describe("the console's production checklist (issue #29 item 3)", () => {
  it('lists what is set and what is missing, to staff', async () => {
    for (const token of [tokens.opal, tokens.sam]) {
      const { status, body } = await bed.api.get('/v1/admin/preflight', { token });
      expect(status).toBe(200);
      const byName = Object.fromEntries(
        (body.payload as { name: string; ok: boolean; detail: string }[]).map((item) => [item.name, item]),
      );
      // The test app has a mail server but no PUBLIC_URL: one green, one red, each saying why.
      expect(byName.SMTP_URL).toEqual({
        name: 'SMTP_URL',
        ok: true,
        detail: `mail through ${new URL(bed.smtp.url).host}`,
      });
      expect(byName.PUBLIC_URL).toMatchObject({ ok: false, detail: expect.stringMatching(/^not set: /) });
    }
  });

  it('asks for the seller on invoices until the console has its name and address (issue #30 §3)', async () => {
    const item = async () =>
      (
        (await bed.api.get('/v1/admin/preflight', { token: tokens.opal })).body.payload as {
          name: string;
          ok: boolean;
          detail: string;
        }[]
      ).find((entry) => entry.name === 'Seller on invoices');
    expect(await item()).toEqual({
      name: 'Seller on invoices',
      ok: false,
      detail: 'no seller address: invoices would not say who sells; fill them in Console → Shop',
    });
    const saved = await bed.api.put(
      '/v1/admin/shop',
      {
        seller_name: 'Opal Proxies Ltd',
        seller_address: '1 Main Street\nGalway',
        vat_number: null,
        registration_number: null,
        email: null,
        support_url: null,
        invoice_prefix: 'INV',
        footer: null,
        reason: 'first set-up',
      },
      { token: tokens.opal },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await item()).toEqual({ name: 'Seller on invoices', ok: true, detail: 'Opal Proxies Ltd' });
  });

  it('is hidden from customers', async () => {
    expect((await bed.api.get('/v1/admin/preflight', { token: tokens.carl })).status).toBe(404);
    expect((await bed.api.post('/v1/admin/test-mail', undefined, { token: tokens.carl })).status).toBe(404);
  });

  it("sends an operator's test mail to their own address now", async () => {
    const after = Date.now();
    expect(await bed.api.post('/v1/admin/test-mail', undefined, { token: tokens.opal })).toEqual({
      status: 200,
      body: { detail: 'Test mail sent to opal@example.com' },
    });
    const mail = await bed.smtp.waitFor('opal@example.com', { after, subject: /test mail/ });
    expect(mail.text).toContain("This is a test mail from ProxyDesk's console");
  });

  it('is for operators only: support reads the list but sends nothing', async () => {
    expect(await bed.api.post('/v1/admin/test-mail', undefined, { token: tokens.sam })).toEqual({
      status: 403,
      body: { detail: 'Support has read-only access to the console' },
    });
  });

  it("answers 502 with the mail server's complaint when it is unreachable", async () => {
    // A port nothing listens on: the connection is refused at once.
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', CAPTCHA_PROVIDER: 'off' } });
    try {
      const olga = await seedAccount(broken.database.db, 'olga', { role: 'operator', is2fa: true });
      const token = await mintSession(broken.database.db, olga, { secondFactor: true });
      const { status, body } = await apiClient(broken.app).post('/v1/admin/test-mail', undefined, { token });
      expect(status).toBe(502);
      expect(body.detail).toMatch(/^The mail server did not take the test mail: .*ECONNREFUSED/);
    } finally {
      await broken.close();
    }
  });
});
