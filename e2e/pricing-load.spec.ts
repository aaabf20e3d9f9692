import { expect, test } from '@playwright/test';
import { expectHydrated } from './support/hydrated.js';
import { screenshots } from './support/screenshots.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue #33 item 8: the public /pricing draws its cards from a deferred copy of the catalogue, and the custom
 * plan's card (its number inputs) comes with the Datacenter and IPv6 tabs, not with the page.
 */
const PORT = 3189;
const shop = `http://127.0.0.1:${PORT}`;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(PORT, undefined, { CAPTCHA_PROVIDER: 'off', PUBLIC_URL: shop });
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ baseURL: shop });

test('/pricing: the cards arrive, the custom plan loads with its tab and prices live', async ({ page }) => {
  const customChunk: string[] = [];
  page.on('request', (request) => {
    if (/\/custom-plan-card-[\w-]{8}\.js$/.test(request.url())) customChunk.push(request.url());
  });
  await page.goto('/pricing');
  await expectHydrated(page.getByTestId('public-pricing-page'));
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(page.getByTestId('plan-card').first()).toContainText('€');
  expect(customChunk).toEqual([]);
  await screenshots(page, 'pricing-load-residential');
  await page.getByRole('tab', { name: 'Datacenter' }).click();
  const custom = page.getByTestId('custom-plan-card');
  await expect(custom).toBeVisible();
  expect(customChunk).toHaveLength(1);
  const price = page.getByTestId('custom-plan-price');
  await expect(price).toHaveText(/€/);
  const before = await price.textContent();
  await custom.getByLabel('IPs').fill('3');
  await expect(price).not.toHaveText(before!);
  await screenshots(page, 'pricing-load-datacenter');
});
