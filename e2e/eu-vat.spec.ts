import { expect, test, type Page } from '@playwright/test';
import { fillBillingDialog, payOnSandboxPage } from './support/checkout.js';
import { shopCustomer } from './support/customer.js';
import { violations } from './support/axe.js';
import { signUpCustomer, signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';

/**
 * Issue #30 item 4 in the browser: a German shop under TAX_MODE=eu-vat. A French consumer's checkout shows net,
 * 20 % VAT and the total before Pay, and the invoice the same; a French business is reverse-charged; VIES is down
 * (nothing listens on its address), so the business's VAT number is accepted and flagged on the console's
 * customer page; the console's VAT rates tab edits a rate.
 */
const PORT = 3182;
const shop = useMailedShop(PORT, {
  TAX_MODE: 'eu-vat',
  TAX_SHOP_COUNTRY: 'DE',
  // Port 3184 is this spec's and nothing listens on it: VIES is "down".
  VIES_URL: 'http://127.0.0.1:3184/vies',
  VIES_TIMEOUT_MS: '3000',
  SELLER_NAME: 'Shop GmbH',
});
const operator = shopCustomer(shop.url);
const consumer = shopCustomer(shop.url);
const business = shopCustomer(shop.url);
const euro = (value: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(value);
let price = 0;
let businessId = '';

/**
 * Saved in both themes at 1280 and 390 px, with no sideways scroll at 390 and no serious WCAG 2.1 AA problem.
 */
const screenshots = async (page: Page, name: string) => {
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    problems.push(...(await violations(page)).map((line) => `${scheme}: ${line}`));
  }
  expect(problems).toEqual([]);
  await save(page, `eu-vat-${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
};

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'otto');

  await consumer.signUp(shop.smtp, 'claire');
  await consumer.addBilling('France');
  const token = await business.signUp(shop.smtp, 'dupont');
  const saved = await fetch(`${shop.url}/v1/user/billing-details`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      first_name: 'Luc',
      last_name: 'Dupont',
      company: 'SARL Dupont',
      vat_number: 'FR12345678901',
      address: '1 rue de la Paix',
      city: 'Paris',
      zip: '75002',
      country: 'France',
    }),
  });
  expect(saved.status).toBe(200);
  expect(((await saved.json()) as { payload: { vat_check: string } }).payload.vat_check).toBe('unverified');
  const found = (await operator.api('/v1/admin/customers?q=dupont')) as unknown as {
    results: { id: string }[];
  };
  businessId = found.results[0]!.id;
  const plans = (await consumer.api('/v1/plan/read')).payload as { type: string; price: number }[];
  price = plans.find((p) => p.type === 'PR_4')!.price;
});
test.use({ baseURL: shop.url, bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

test('a consumer sees net, VAT and total before Pay, pays the total, and the invoice says the same', async ({
  page,
}) => {
  const vat = Math.round(price * 20) / 100;
  const total = Math.round((price + vat) * 100) / 100;
  await consumer.visit(page, '/purchase/datacenter');
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  const sums = page.getByRole('dialog', { name: 'Checkout' }).getByTestId('checkout-sums');
  await expect(sums).toContainText(`Net ${euro(price)}`, { timeout: 30_000 });
  await expect(sums).toContainText(`VAT 20 % ${euro(vat)}`);
  await expect(sums).toContainText(`Total ${euro(total)}`);
  await screenshots(page, 'checkout-consumer');

  await payOnSandboxPage(page);
  const invoiceSums = page.getByTestId('invoice-sums');
  await expect(invoiceSums).toContainText(`VAT 20 % ${euro(vat)}`);
  await expect(invoiceSums).toContainText(`Total ${euro(total)}`);
  await screenshots(page, 'invoice-consumer');
});

test('a first-time buyer gives billing details in checkout and sees their own VAT before Pay', async ({
  page,
}) => {
  const newcomer = await signUpCustomer(shop, 'anna');
  await newcomer.visit(page, '/purchase/datacenter');
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  // No billing details yet: the shop's own country's rate (Germany, 19 %) until the buyer says where they are.
  await expect(checkout.getByTestId('checkout-sums')).toContainText('VAT 19 %', { timeout: 30_000 });
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  await fillBillingDialog(page, {
    firstName: 'Anna',
    lastName: 'Gruber',
    address: 'Stephansplatz 1',
    city: 'Wien',
    zip: '1010',
    country: { typed: 'Austri', picked: 'Austria' },
  });
  // Back to checkout with Austria's 20 %, not on to payment at the old figure.
  await expect(checkout.getByTestId('checkout-sums')).toContainText('VAT 20 %', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/purchase\/datacenter/);
});

test('a business of another member state is reverse-charged at checkout', async ({ page }) => {
  await business.visit(page, '/purchase/datacenter');
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  const sums = page.getByRole('dialog', { name: 'Checkout' }).getByTestId('checkout-sums');
  await expect(sums).toContainText('VAT 0 %', { timeout: 30_000 });
  await expect(sums).toContainText(`Total ${euro(price)}`);
  await expect(sums).toContainText('Reverse charge — VAT to be accounted for by the recipient');
  await screenshots(page, 'checkout-reverse-charge');
});

test('the console flags a VAT number VIES could not check, and edits a VAT rate', async ({ page }) => {
  await operator.visit(page, `/admin/customers/${businessId}`);
  await expect(page.getByTestId('vat-unverified')).toContainText('VIES could not be reached', {
    timeout: 30_000,
  });
  await page.getByTestId('customer-billing').scrollIntoViewIfNeeded();
  await screenshots(page, 'console-customer');

  await page.goto('/admin/catalogue/vat-rates');
  const table = page.getByTestId('vat-rates');
  await expect(table.getByRole('row', { name: /France/ })).toContainText('20 %', { timeout: 30_000 });
  await expect(page.getByTestId('tax-mode')).toContainText('the shop is in DE');
  await screenshots(page, 'console-vat-rates');
  await table.getByRole('button', { name: 'Edit the VAT rate of France' }).click();
  const dialog = page.getByRole('dialog', { name: 'VAT rate of France' });
  await dialog.getByLabel(/^Standard rate/).fill('21');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog.getByText(/Give a reason/)).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('Rate change');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('VAT rate saved: invoices made from now on use it')).toBeVisible();
  await expect(table.getByRole('row', { name: /France/ })).toContainText('21 %');
});
