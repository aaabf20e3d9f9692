// Issue #28 item 8: a pool import refuses addresses a customer must never be sent to (loopback, private,
// link-local, unspecified, broadcast, multicast; IPv4-mapped IPv6 judged as IPv4) unless
// GATEWAY_ALLOW_PRIVATE_POOL=true, and ports below 1024 or the shop's own, naming the line.
import { schema } from '@proxydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';
import { signInAsStaff } from '../../../test-support/staff.js';

let smtp: SmtpCapture;
const shops: { t: TestApp; api: ApiClient; token: string }[] = [];

const OWN_PORTS = {
  PORT: '3100',
  METRICS_PORT: '3199',
  GATEWAY_PORT: '31500',
  GATEWAY_METRICS_PORT: '31599',
};

const openShop = async (env: Record<string, string>) => {
  const t = await createTestApp({
    env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', ...OWN_PORTS, ...env },
  });
  const api = apiClient(t.app);
  // The console opens only to a sign-in with the mailed code (issue #28).
  const token = await signInAsStaff(api, smtp, t.database.db, {
    username: 'olga',
    email: `olga${shops.length}@example.com`,
    role: 'operator',
  });
  const shop = { t, api, token };
  shops.push(shop);
  return shop;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await openShop({});
  await openShop({ GATEWAY_ALLOW_PRIVATE_POOL: 'true' });
});
afterAll(async () => {
  for (const { t } of shops) await t.close();
  await smtp?.close();
});

const importLines = (shop: (typeof shops)[number], product: 'PR_4' | 'PR_5', lines: string[]) =>
  shop.api.post('/v1/admin/pool/import', { product, lines, reason: 'Rack' }, { token: shop.token });

const GOOD = '198.51.100.20:8000';

const REFUSED_ADDRESSES: [string, RegExp][] = [
  ['127.0.0.1:8000', /127\.0\.0\.1 is a loopback address/],
  ['127.9.9.9-127.9.9.10:8000', /loopback/],
  ['10.1.2.3:8000', /10\.1\.2\.3 is a private address/],
  ['172.16.0.1-172.16.0.3:8000', /private/],
  ['192.168.1.1:8000', /private/],
  ['100.64.0.1:8000', /private/],
  ['169.254.1.1:8000', /link-local/],
  ['0.0.0.0:8000', /unspecified/],
  ['255.255.255.255:8000', /broadcast/],
  ['224.0.0.1:8000', /multicast/],
  ['[::1]:8000', /loopback/],
  ['[::]:8000', /unspecified/],
  ['[fe80::1]:8000', /link-local/],
  ['[fd00::1]:8000', /private/],
  ['[ff02::1]:8000', /multicast/],
  ['[::ffff:10.0.0.1]:8000', /10\.0\.0\.1 is a private address/],
  ['[::ffff:127.0.0.1]:8000', /loopback/],
];

const REFUSED_PORTS: [string, RegExp][] = [
  ['198.51.100.21:80', /port 80 is below 1024/],
  ['198.51.100.21:1023', /port 1023 is below 1024/],
  ['198.51.100.21:3100', /port 3100 is the shop's own \(PORT\)/],
  ['198.51.100.21:3199', /port 3199 is the shop's own \(METRICS_PORT\)/],
  ['198.51.100.21:31500', /port 31500 is the shop's own \(GATEWAY_PORT\)/],
  ['198.51.100.21:31599', /port 31599 is the shop's own \(GATEWAY_METRICS_PORT\)/],
  ['[2001:db8:28::1]:5432', /port 5432 is the shop's own \(PostgreSQL\)/],
  ['[2001:db8:28::1]:6379', /port 6379 is the shop's own \(Redis\)/],
];

describe('a pool import takes public addresses on free ports only (issue #28 item 8)', () => {
  it.each(REFUSED_ADDRESSES)('refuses %s, naming the line', async (line, reason) => {
    const answer = await importLines(shops[0]!, line.startsWith('[') ? 'PR_5' : 'PR_4', [GOOD, line]);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Line 2: /);
    expect(answer.body.detail).toMatch(reason);
  });

  it.each(REFUSED_PORTS)('refuses %s, naming the line', async (line, reason) => {
    const answer = await importLines(shops[0]!, line.startsWith('[') ? 'PR_5' : 'PR_4', [GOOD, line]);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Line 2: /);
    expect(answer.body.detail).toMatch(reason);
  });

  it('adds nothing from a refused import, and takes public and documentation addresses on other ports', async () => {
    const shop = shops[0]!;
    const pooled = () => shop.t.database.db.$count(schema.proxyPool);
    const before = await pooled();
    expect((await importLines(shop, 'PR_4', [GOOD, '10.0.0.1:8000'])).status).toBe(400);
    expect(await pooled()).toBe(before);
    const taken = await importLines(shop, 'PR_4', [GOOD, '8.8.4.4:1024', '203.0.113.9-203.0.113.10:65535']);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.payload).toEqual({ added: 4, existing: 0 });
    expect((await importLines(shop, 'PR_5', ['[2001:db8:28::/126]:9000'])).body.payload).toEqual({
      added: 4,
      existing: 0,
    });
  });

  it("takes private addresses with GATEWAY_ALLOW_PRIVATE_POOL=true, never the shop's ports", async () => {
    const shop = shops[1]!;
    const taken = await importLines(shop, 'PR_4', ['127.0.0.1:8000', '10.1.2.3:8000', '192.168.1.1:8001']);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.payload).toEqual({ added: 3, existing: 0 });
    for (const [line, reason] of REFUSED_PORTS) {
      const answer = await importLines(shop, line.startsWith('[') ? 'PR_5' : 'PR_4', [line]);
      expect(answer.status, line).toBe(400);
      expect(answer.body.detail, line).toMatch(reason);
    }
  });
});
