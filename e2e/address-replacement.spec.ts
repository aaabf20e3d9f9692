import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';

/**
 * Address replacement on the datacenter page (issue #32 item 4): choose an address, confirm with the addresses
 * and the quota named, get the new one with a copy button; the quota then stops a second replacement.
 */
const PORT = 3170;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);
const operator = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'swapper', 'PR_4');
  await customer.api('/v1/user/activate-dc-ipv6-plan', { ips: ['203.0.113.5'], type: 'PR_4' });
  await signUpOperator(shop, operator, 'olga');
});
test.use({ baseURL: shop.url });

test('a customer replaces a datacenter address within the month’s quota and copies the new one', async ({
  page,
}) => {
  await customer.visit(page, '/product/datacenter');
  const card = page.getByTestId('address-replacement');
  await expect(card.getByTestId('replacement-quota')).toHaveText('0 / 1 used this month');
  const rows = card.getByTestId('replaceable-addresses').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const old = (await rows.first().locator('td').nth(1).textContent())!;
  const replaceButton = card.getByRole('button', { name: /^Replace/ });
  await expect(replaceButton).toBeDisabled();

  // Two chosen is over the quota: the page says so before the server would.
  await card.getByRole('checkbox', { name: `Choose ${old}` }).check();
  await card
    .getByRole('checkbox', { name: /^Choose 192/ })
    .nth(1)
    .check();
  await expect(card.getByTestId('replacement-hint')).toHaveText(
    'You can replace 1 more this month: choose fewer',
  );
  await expect(replaceButton).toBeDisabled();
  await card
    .getByRole('checkbox', { name: /^Choose 192/ })
    .nth(1)
    .uncheck();

  await replaceButton.click();
  const dialog = page.getByRole('dialog', { name: 'Replace 1 address?' });
  await expect(dialog.getByTestId('replace-confirm-list')).toHaveText(old);
  await expect(dialog).toContainText('This uses 1 of your 1 replacements left this month (0 / 1 used');
  await screenshots(page, 'address-replacement-confirm');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();

  const done = card.getByTestId('replaced-addresses');
  await expect(done).toContainText('1 new address ready');
  await expect(done).toContainText(old);
  await expect(card.getByTestId('replacement-quota')).toHaveText('1 / 1 used this month');
  await expect(rows).toHaveCount(10);
  await expect(card.getByRole('checkbox', { name: `Choose ${old}` })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Proxies' })).not.toContainText(old);
  await expect(done.getByRole('button', { name: 'Copy new addresses' })).toBeVisible();
  await screenshots(page, 'address-replacement-done');

  // The quota is used: nothing more can be chosen for replacement this month.
  await card
    .getByRole('checkbox', { name: /^Choose 192/ })
    .first()
    .check();
  await expect(card.getByTestId('replacement-hint')).toHaveText(
    'You can replace 0 more this month: choose fewer',
  );
  await expect(replaceButton).toBeDisabled();
});

test('an operator raises the monthly share in the console, and the customer’s quota follows', async ({
  browser,
  page,
}) => {
  await operator.visit(page, '/admin/catalogue/replacements');
  await expect(page.getByRole('tab', { name: 'Replacements', selected: true })).toBeVisible({
    timeout: 30_000,
  });
  const share = page.getByRole('textbox', { name: 'Share per month' });
  await expect(share).toHaveValue('10 %');
  await share.fill('30');
  await expect(page.getByTestId('replacement-examples')).toHaveText(
    'A 10-address plan may replace 3, a 100-address plan 30 each month.',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Allow 30 % a month?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Busy season');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await screenshots(page, 'address-replacement-console');

  const mine = await (await browser.newContext({ baseURL: shop.url })).newPage();
  await customer.visit(mine, '/product/datacenter');
  await expect(mine.getByTestId('replacement-quota')).toHaveText('1 / 3 used this month');
});
