import { expect, test } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp.js';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue #33 item 6: the generator's Location select lists the shop's most-bought countries first (the billing
 * countries of its paid orders), keeps Random as a value, and its search starts empty.
 */
const PORT = 3188;
const shop = `http://127.0.0.1:${PORT}`;
let server: RunningServer;
let smtp: SmtpCapture;
const buyer = shopCustomer(shop);
const other = shopCustomer(shop);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpCapture();
  server = await startServer(PORT, undefined, {
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: 'off',
    PUBLIC_URL: shop,
  });
  // Two orders from Japan, one from Canada: Japan first, then Canada.
  await other.signUp(smtp, 'kenji');
  await other.addBilling('Japan');
  await other.buyPaid('PR_4');
  await other.buyPaid('PR_5');
  await buyer.signUp(smtp, 'clara');
  await buyer.addBilling('Canada');
  await buyer.buyPaid('PR_2');
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
test.use({ baseURL: shop });

test('the Location select lists the most-bought countries first, keeps Random, and searches from empty', async ({
  page,
}) => {
  await buyer.signIn(page);
  await page.goto('/proxy');
  await page.getByRole('radiogroup').getByText('ISP', { exact: true }).click();
  const location = page.getByRole('combobox', { name: 'Location' });
  await expect(location).toHaveValue('Random', { timeout: 30_000 });
  await location.click();
  await expect(location).toHaveValue('');
  const listbox = page.getByRole('listbox');
  // Random, then the most-bought in order of orders, then the pools and the continents.
  await expect(listbox.getByRole('option').nth(0)).toHaveText('Random');
  await expect(listbox.getByRole('option').nth(1)).toHaveText('Japan');
  await expect(listbox.getByRole('option').nth(2)).toHaveText('Canada');
  await expect(listbox.getByText('Most bought', { exact: true })).toBeVisible();
  // Each country once: Japan is not repeated under Asia.
  await expect(listbox.getByRole('option', { name: 'Japan', exact: true })).toHaveCount(1);
  await screenshots(page, 'locations-most-bought');
  // Typing searches every country, from an empty field.
  await location.pressSequentially('Jap');
  await expect(listbox.getByRole('option')).toHaveText(['Japan']);
  await page.getByRole('option', { name: 'Japan' }).click();
  await expect(location).toHaveValue('Japan');
  await location.click();
  await expect(location).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(location).toHaveValue('Japan');
  // Random stays a choice, not typed text.
  await location.click();
  await page.getByRole('option', { name: 'Random' }).click();
  await expect(location).toHaveValue('Random');
});
