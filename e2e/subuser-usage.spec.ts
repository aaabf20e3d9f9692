import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe.js';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';
import { statusThrough } from './support/site.js';
import { screenshots } from './support/screenshots.js';
import { gatewayPortOf } from './support/server.js';

/**
 * Issue #31 item 4 in the browser: a sub-user's usage view on the ISP page after real traffic through the
 * gateway — the chart, the table and the CSV of the same rows, per hour and per day, and the day's top hosts
 * (host names only); and, on a shop whose operator turned domain statistics off, the view saying so.
 */
const PORT = 3176;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);
const MB = 1024 * 1024;
let site: Server;
let subuserId = '';
let line = '';

test.beforeAll(async () => {
  await customer.signUp(shop.smtp, 'usagelead');
  await customer.addBilling();
  await customer.buyPaid('PR_2');
  // Dual-stack: the site answers as 127.0.0.1, 127.0.0.2 and localhost alike.
  site = createServer((req, res) => res.end(Buffer.alloc(req.url?.startsWith('/big') ? 24 * MB : 2_000)));
  site.listen(0, '::');
  await once(site, 'listening');
  const { payload } = await customer.api('/v1/subusers', { product: 'PR_2', name: 'Scraper EU' });
  subuserId = payload.subuser.id as string;
  line = `127.0.0.1:${gatewayPortOf(PORT)}:${payload.subuser.username as string}:${payload.password as string}`;
  await customer.api('/v1/subusers', { product: 'PR_2', name: 'Client — Acme Ltd' });
});
test.afterAll(() => {
  site.close();
});
test.use({ baseURL: shop.url, bypassCSP: true });

/** A dialog's four screenshots: the window, as a person sees it (the dialog scrolls within it). */
const shoot = (page: Page, name: string) => screenshots(page, name, { fullPage: false });

test("a sub-user's usage: chart, table and CSV agree per hour and per day, and its top hosts (issue #31 item 4)", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const port = (site.address() as AddressInfo).port;
  for (const url of [
    `http://localhost:${port}/big/secret-path?token=abc`,
    `http://127.0.0.1:${port}/big`,
    `http://127.0.0.2:${port}/small`,
  ])
    await expect(async () => expect(await statusThrough(line, url)).toBe(200)).toPass({ timeout: 15_000 });
  // The gateway writes its counts every couple of seconds.
  await expect(async () => {
    const { payload } = await customer.api(`/v1/subusers/${subuserId}/usage?granularity=hour`);
    expect(payload.total_bytes).toBeGreaterThan(48 * MB);
  }).toPass({ timeout: 20_000 });

  await customer.signIn(page);
  await page.goto('/product/isp');
  const row = page.getByTestId('subuser-row').filter({ hasText: 'Scraper EU' });
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Usage…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Usage of Scraper EU' });
  const total = dialog.getByTestId('line-usage-total');
  await expect(total).toHaveText('0.05 GB');
  const table = dialog.getByTestId('line-usage-table');
  await expect(table.locator('tbody tr')).toHaveCount(168);
  await expect(dialog.getByRole('img', { name: /per hour, GB/ })).toBeVisible();

  // The CSV is the table's rows: the same values, summing to the same total.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe('hour,gb,bytes');
  expect(csv).toHaveLength(169);
  const shown = await table.locator('tbody tr td[data-at]').allTextContents();
  expect(csv.slice(1).map((l) => `${l.split(',')[1]} GB`)).toEqual(shown.reverse());
  const sum = csv.slice(1).reduce((s, l) => s + Math.round(Number(l.split(',')[1]) * 100), 0);
  expect((sum / 100).toFixed(2)).toBe('0.05');

  // Top hosts: names only, biggest first.
  const hosts = dialog.getByTestId('domains-table');
  await expect(hosts.locator('tbody tr')).toHaveCount(3);
  await expect(hosts.locator('tbody tr').first()).toContainText(/localhost|127\.0\.0\.1/);
  await expect(hosts).toContainText('127.0.0.2');
  await expect(hosts).not.toContainText('secret-path');
  await shoot(page, 'subuser-usage-hours');
  await hosts.scrollIntoViewIfNeeded();
  await shoot(page, 'subuser-usage-hosts');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    expect(await violations(page), scheme).toEqual([]);
  }

  await dialog.getByText('Per day · 90 days').click();
  await expect(table.locator('tbody tr')).toHaveCount(90);
  await expect(total).toHaveText('0.05 GB');
  await expect(dialog.getByRole('img', { name: /per day, GB/ })).toBeVisible();
  await shoot(page, 'subuser-usage-days');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The owner's own lines carried nothing: zeros, and no hosts yet.
  await page.getByRole('button', { name: 'Your own usage' }).click();
  const own = page.getByRole('dialog', { name: 'Usage of your own lines' });
  await expect(own.getByTestId('line-usage-total')).toHaveText('0.00 GB');
  await expect(own.getByTestId('domains-empty')).toBeVisible();
});

test.describe('with domain statistics off', () => {
  const quiet = useMailedShop(PORT + 1, { DOMAIN_STATS: 'false' });
  const owner = shopCustomer(quiet.url);
  test.use({ baseURL: quiet.url });

  test('the usage view says the shop records no target hosts', async ({ page }) => {
    test.setTimeout(120_000);
    await owner.signUp(quiet.smtp, 'quietlead');
    await owner.addBilling();
    await owner.buyPaid('PR_2');
    await owner.signIn(page);
    await page.goto('/product/isp');
    await page.getByRole('button', { name: 'Your own usage' }).click();
    const own = page.getByRole('dialog', { name: 'Usage of your own lines' });
    await expect(own.getByTestId('domains-off')).toContainText('domain statistics are turned off');
    await own.getByTestId('domains-off').scrollIntoViewIfNeeded();
    await shoot(page, 'subuser-usage-domains-off');
  });
});
