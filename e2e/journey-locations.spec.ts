import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { openIspLocation } from './support/generator.js';
import { useMailedShop } from './support/mailed-shop.js';
import { screenshots } from './support/screenshots.js';

/**
 * Issue #33 item 6: the generator's Location select lists the shop's most-bought countries first (the billing
 * countries of its paid orders), keeps Random as a value, and its search starts empty.
 */
const PORT = 3188;
const shop = useMailedShop(PORT);
const buyer = shopCustomer(shop.url);
const other = shopCustomer(shop.url);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Two orders from Japan, one from Canada: Japan first, then Canada.
  await other.signUp(shop.smtp, 'kenji');
  await other.addBilling('Japan');
  await other.buyPaid('PR_4');
  await other.buyPaid('PR_5');
  await buyer.signUp(shop.smtp, 'clara');
  await buyer.addBilling('Canada');
  await buyer.buyPaid('PR_2');
});
test.use({ baseURL: shop.url });

test('the Location select lists the most-bought countries first, keeps Random, and searches from empty', async ({
  page,
}) => {
  await buyer.signIn(page);
  const location = await openIspLocation(page);
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
