import { expect, test } from '@playwright/test';
import { violations } from './support/axe.js';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';
import { screenshots } from './support/screenshots.js';
import { admin } from './support/server.js';

/**
 * Issue #28 in the browser: a password-only operator session is shown why the console stays shut and a way to
 * sign out; signed in again with the code, the operator adds a customer as support in the Staff screen and
 * removes them again, each confirmed with a reason.
 */
const PORT = 3141;
const shop = useMailedShop(PORT);
const operator = shopCustomer(shop.url);
const newcomer = shopCustomer(shop.url);
let passwordOnly = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  passwordOnly = await operator.signUp(shop.smtp, 'olive');
  expect(admin(shop.server.dataDir, 'operator', 'olive', 'on')).toContain('olive');
  expect(await operator.turnOnTwoFactor(shop.smtp)).toEqual({ is_2fa: true });
  await newcomer.signUp(shop.smtp, 'nora');
});
// axe (the WCAG scan) is injected as a script, which the shop's CSP would refuse.
test.use({ baseURL: shop.url, bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

test('a session signed in without the code is told to sign in again, and can sign out', async ({ page }) => {
  await page.context().addCookies([{ name: 'token', value: passwordOnly, url: shop.url }]);
  await page.goto('/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Sign in again with your code' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('signed in without the mailed code');
  await screenshots(page, 'admin-sign-in-again');
  await alert.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-in-page')).toBeVisible({ timeout: 15_000 });
});

test('the Staff screen lists staff, adds a customer as support and removes them, each with a reason', async ({
  page,
}) => {
  await operator.signInWithCode(shop.smtp);
  await operator.signIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /olive/ })).toContainText('operator');
  await expect(table.getByRole('row', { name: /olive/ })).toContainText('you');

  await page.getByLabel('Username').fill('nora');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Make nora support?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to staff' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Joins the help desk');
  await dialog.getByRole('button', { name: 'Add to staff' }).click();
  await expect(dialog).toBeHidden();
  const nora = table.getByRole('row', { name: /nora/ });
  await expect(nora).toContainText('support');
  await expect(nora).toContainText('off');
  await screenshots(page, 'admin-staff');
  expect(await violations(page)).toEqual([]);

  await nora.getByRole('button', { name: 'Remove nora from staff' }).click();
  const removal = page.getByRole('dialog', { name: 'Remove nora from staff?' });
  await expect(removal).toContainText('signed out on every device');
  await removal.getByLabel('Reason').fill('Left the team');
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(removal).toBeHidden();
  await expect(table.getByRole('row', { name: /nora/ })).toHaveCount(0);

  await page.goto('/admin/audit?action=staff.');
  await expect(page.getByRole('cell', { name: 'staff.remove' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('cell', { name: 'staff.add' })).toBeVisible();
});
