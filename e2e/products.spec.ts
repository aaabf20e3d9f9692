import { expect, test } from '@playwright/test';
import { payOnSandboxPage } from './support/checkout.js';
import { shopCustomer } from './support/customer.js';
import { generate, generatedLines } from './support/generator.js';
import { useMailedShop } from './support/mailed-shop.js';
import { gatewayPortOf } from './support/server.js';

const PORT = 3105;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'user5', 'PR_2');
});
test.use({ baseURL: shop.url, permissions: ['clipboard-read', 'clipboard-write'] });
// A busy machine: first paints and the sandbox round trip may be slow; every wait is for a condition.
test.describe.configure({ timeout: 90_000 });

test('datacenter: pay on the sandbox, activate with an IP, whitelist another, remove one, copy the proxies (SPEC.md §4)', async ({
  page,
}) => {
  await customer.visit(page, '/purchase/datacenter');
  await expect(page.getByTestId('plan-card').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  await payOnSandboxPage(page);

  await page.goto('/product/datacenter');
  await expect(page.getByText('A plan is waiting for activation')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Activate Plan' }).click();
  const modal = page.getByRole('dialog', { name: 'Activate Plan' });
  await modal.getByLabel(/^IP address/).fill('999.1.1.1');
  await modal.getByRole('button', { name: 'Activate' }).click();
  await expect(modal.getByText('Enter an IPv4 or IPv6 address')).toBeVisible();
  await modal.getByLabel(/^IP address/).fill('203.0.113.10');
  await modal.getByRole('button', { name: 'Activate' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Plan activated' })).toBeVisible();
  await expect(page.getByTestId('stat-ip-whitelisted')).toContainText('1 of 10 allowed');

  await page.getByLabel('IP to whitelist').fill('2001:db8::10');
  await page.getByRole('button', { name: 'Whitelist IP' }).click();
  const table = page.getByTestId('whitelist-table');
  await expect(table).toContainText('2001:db8::10');
  await expect(page.getByTestId('stat-ip-whitelisted')).toContainText('2 of 10 allowed');
  await page.getByRole('button', { name: 'Remove 203.0.113.10' }).click();
  await expect(table).not.toContainText('203.0.113.10');

  const proxies = page.getByLabel('Proxies', { exact: true });
  await expect(proxies).toHaveValue(/^192\.0\.2\.\d+:31200/);
  await page.getByRole('button', { name: 'Copy proxies' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')).toHaveLength(10);

  await page.getByRole('button', { name: 'Set Plan Name' }).click();
  await page.getByLabel('Plan name').fill('Scrapers');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
});

test('/proxy: generate premium sticky proxies for a country: "Your proxies are here" (SPEC.md §2, §9)', async ({
  page,
}) => {
  await customer.visit(page, '/product/isp');
  await expect(page.getByTestId('stat-data-used-data-purchased')).toContainText('0.00 GB /', {
    timeout: 30_000,
  });
  await page.goto('/proxy');
  await page.getByRole('radiogroup').getByText('ISP', { exact: true }).click();
  await generate(page, { location: 'Germany', type: 'Sticky', quantity: 25 });
  await expect(page.getByRole('heading', { name: 'Your proxies are here' })).toBeVisible();
  await expect(page.getByText('Proxytype: HTTP · 25 lines')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '25 proxy lines generated' })).toBeVisible();
  const lines = await generatedLines(page);
  expect(lines).toHaveLength(25);
  for (const line of lines)
    expect(line).toMatch(
      new RegExp(
        `^127\\.0\\.0\\.1:${gatewayPortOf(PORT)}:u[a-z0-9]+-isp:[a-z0-9]+_country-de_session-[a-z]{8}$`,
      ),
    );
});
