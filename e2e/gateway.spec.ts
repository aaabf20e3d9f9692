import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp.js';
import { shopCustomer } from './support/customer.js';
import { startServer, type RunningServer } from './support/server.js';

const PORT = 3106;
const shop = `http://127.0.0.1:${PORT}`;
const FIFTY_MB = 50 * 1024 * 1024;
let server: RunningServer;
let smtp: SmtpCapture;
let site: Server;
let token: string;

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer(PORT, undefined, {
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: 'off',
    PUBLIC_URL: shop,
  });
  const customer = shopCustomer(shop);
  token = await customer.signUp(smtp, 'downloader');
  await customer.buyPaid('PR_2');
  // A site on this machine with a 50 MB file.
  const file = Buffer.alloc(FIFTY_MB, 0x61);
  site = createServer((_req, res) => res.end(file));
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
});
test.afterAll(async () => {
  site.close();
  await server.stop();
  await smtp.close();
});
test.use({ baseURL: shop });

/** `curl -x http://USER:PASS@HOST:PORT URL`: a plain GET through the proxy line, answering the bytes received. */
const downloadThrough = (line: string, url: string) =>
  new Promise<number>((resolve, reject) => {
    const [host, port, username, ...password] = line.split(':');
    const req = request({
      host,
      port: Number(port),
      path: url,
      headers: {
        host: new URL(url).host,
        'proxy-authorization': `Basic ${Buffer.from(`${username}:${password.join(':')}`).toString('base64')}`,
      },
      agent: false,
    });
    req.on('response', (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(received) : reject(new Error(`proxy answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });

test('a line from the ISP page works through the gateway, and the 50 MB downloaded show as Data Used (issue #6)', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: 'token', value: token, url: shop }]);
  await page.goto('/product/isp');
  const used = page.getByTestId('stat-data-used-data-purchased');
  await expect(used).toContainText('0.00 GB /');

  await page
    .getByLabel(/^Location/)
    .first()
    .fill('Germ');
  await page.getByRole('option', { name: 'Germany' }).click();
  await page.getByLabel(/^Quantity/).fill('1');
  await page.getByRole('button', { name: 'Generate' }).click();
  const line = (await page.getByLabel('Proxies', { exact: true }).inputValue()).trim();
  expect(line).toMatch(/^127\.0\.0\.1:\d+:u[a-z0-9]+-isp:[a-z0-9]+_country-de$/);

  const { port } = site.address() as AddressInfo;
  expect(await downloadThrough(line, `http://127.0.0.1:${port}/big.bin`)).toBe(FIFTY_MB);

  // The gateway writes its counts every two seconds; the page shows them on its next load.
  await expect(async () => {
    await page.reload();
    await expect(used).toContainText('0.05 GB /', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: 'artifacts/screenshots/gateway-isp-used-light.png', fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: 'artifacts/screenshots/gateway-isp-used-dark.png', fullPage: true });
});
