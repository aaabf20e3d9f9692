import { expect, test } from '@playwright/test';
import { admin, freshDataDir, startServer, type RunningServer } from './support/server.js';

/** A shop of its own, switched to maintenance with the operator CLI before it starts. */
let server: RunningServer;
test.beforeAll(async () => {
  const dataDir = freshDataDir();
  expect(admin(dataDir, 'maintenance', 'on')).toBe('Maintenance mode: off → on');
  server = await startServer(3101, dataDir, { BRAND_NAME: 'Acme Proxies' });
});
test.afterAll(() => server.stop());

test('maintenance on: / shows the maintenance page and /4 the login area (SPEC.md §2)', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('maintenance-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: "We'll be back soon" })).toBeVisible();
  await expect(page).toHaveTitle('Maintenance · Acme Proxies');

  await page.goto(`${server.url}/4`);
  await expect(page.getByTestId('sign-in-page')).toBeVisible();
  await expect(page.getByTestId('maintenance-page')).toHaveCount(0);

  // Links inside the app stay under /4.
  await page.getByRole('link', { name: 'Read the FAQs' }).click();
  await expect(page).toHaveURL(`${server.url}/4/faqs`);
  await expect(page.getByTestId('faq-list')).toBeVisible();
});
