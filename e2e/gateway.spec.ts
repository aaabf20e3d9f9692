import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { generate, generatedLines } from './support/generator.js';
import { useMailedShop } from './support/mailed-shop.js';
import { getThrough, lineProxy, useSite } from './support/site.js';

const PORT = 3106;
const shop = useMailedShop(PORT);
const FIFTY_MB = 50 * 1024 * 1024;
// A site on this machine with a 50 MB file.
const site = useSite(Buffer.alloc(FIFTY_MB, 0x61));
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'downloader', 'PR_2');
});
test.use({ baseURL: shop.url });

const downloadThrough = (line: string, url: string) => getThrough(lineProxy(line), url);

test('a line from the ISP page works through the gateway, and the 50 MB downloaded show as Data Used (issue #6)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await customer.visit(page, '/product/isp');
  const used = page.getByTestId('stat-data-used-data-purchased');
  await expect(used).toContainText('0.00 GB /');

  await generate(page, { location: 'Germany', quantity: 1 });
  const line = (await generatedLines(page))[0]!;
  expect(line).toMatch(/^127\.0\.0\.1:\d+:u[a-z0-9]+-isp:[a-z0-9]+_country-de$/);

  expect(await downloadThrough(line, `${site.url}big.bin`)).toMatchObject({
    status: 200,
    received: FIFTY_MB,
  });

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

test('a customer whose line leaked resets the proxy password in Settings, and the old line stops working (issue #6)', async ({
  page,
}) => {
  await customer.visit(page, '/product/isp');
  await page.getByRole('button', { name: 'Generate' }).click();
  const line = (await generatedLines(page))[0]!;
  const url = site.url;
  expect((await downloadThrough(line, url)).status).toBe(200);

  await page.goto('/settings');
  const card = page.getByTestId('proxy-password-card');
  await card.getByRole('button', { name: 'Reset Proxy Password' }).click();
  await page
    .getByRole('dialog', { name: 'Reset proxy password?' })
    .getByRole('button', { name: 'Reset' })
    .click();
  await expect(card.getByText('New proxy password set')).toBeVisible();
  const fresh = await card.getByLabel('New proxy password', { exact: true }).inputValue();
  expect(line).not.toContain(fresh);
  await page.screenshot({ path: 'artifacts/screenshots/settings-proxy-password-light.png', fullPage: true });

  // The gateway re-reads passwords every two seconds: the old line is refused, a new one works.
  await expect(async () => expect((await downloadThrough(line, url)).status).toBe(407)).toPass({
    timeout: 10_000,
  });
  await page.goto('/product/isp');
  await page.getByRole('button', { name: 'Generate' }).click();
  const renewed = (await generatedLines(page))[0]!;
  expect(renewed).toContain(fresh);
  expect((await downloadThrough(renewed, url)).status).toBe(200);
});

test('a sticky line with a session lifetime from the generator works through the gateway (issue #31 item 5)', async ({
  page,
}) => {
  await customer.visit(page, '/product/isp');
  await page.getByLabel(/^Type/).first().click();
  await page.getByRole('option', { name: 'Sticky' }).click();
  const lifetime = page.getByRole('combobox', { name: 'Session lifetime' });
  await expect(lifetime).toHaveValue('10 minutes (default)');
  await lifetime.click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await page.getByLabel(/^Quantity/).fill('2');
  await page.getByRole('button', { name: 'Generate' }).click();
  const lines = await generatedLines(page);
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toMatch(/:[a-z0-9]+_session-[a-z]{8}_lifetime-30m$/);
  const url = site.url;
  expect((await downloadThrough(lines[0]!, url)).status).toBe(200);

  for (const [width, name] of [
    [1280, 'desktop'],
    [390, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== theme)
        await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.screenshot({
        path: `artifacts/screenshots/generator-lifetime-${name}-${theme}.png`,
        fullPage: true,
      });
    }
  }
});
