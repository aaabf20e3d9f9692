import { expect, test, type Browser, type Page } from '@playwright/test';
import { violations } from './support/axe.js';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';

/**
 * The catalogue, edited live in the console (issue #17 §5): an operator with two-factor sign-in changes the
 * shop while it runs, and a customer sees each change at once.
 */
const PORT = 3122;
const shop = useMailedShop(PORT, { GATEWAY_ENABLED: 'false' });
const euro = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
const operator = shopCustomer(shop.url);
const shopper = shopCustomer(shop.url);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'olga');
  await shopper.signUpWithBilling(shop.smtp, 'cat');
});
// axe (the WCAG scan) is injected as a script, which the shop's CSP would refuse.
test.use({ baseURL: shop.url, bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

/** The customer, in a browser of their own beside the operator's. */
const customerPage = async (browser: Browser) => {
  const page = await (await browser.newContext({ baseURL: shop.url })).newPage();
  await shopper.signIn(page);
  return page;
};

/** A section of the catalogue, opened as the operator. */
const openSection = async (page: Page, section: string, label: string) => {
  await operator.visit(page, `/admin/catalogue/${section}`);
  await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible({ timeout: 30_000 });
};

test('a coupon made in the console takes its discount off at checkout, and its use and revenue show', async ({
  page,
  browser,
}) => {
  await openSection(page, 'coupons', 'Coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('dialog', { name: 'New coupon' });
  // The contract's own rules, inline, before anything is sent.
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('A code is 2 to 40 letters, digits, - or _')).toBeVisible();
  await expect(form.getByText('Give a reason')).toBeVisible();
  await form.getByLabel(/^Code/).fill('AUTUMN25');
  await form.getByLabel(/^Percent off/).fill('25');
  await form.getByLabel(/^Products/).click();
  await page.getByRole('option', { name: 'Datacenter' }).click();
  await form.getByLabel(/^Reason/).click();
  await form.getByLabel(/^Reason/).fill('Autumn sale');
  await screenshots(page, 'admin-catalogue-coupon-form');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Promo code created')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId('admin-coupons').getByRole('row', { name: /AUTUMN25/ });
  await expect(row).toContainText('25% off');
  await expect(row).toContainText('Datacenter');
  await expect(row).toContainText('Live');

  const customer = await customerPage(browser);
  await customer.goto('/purchase/datacenter');
  const card = customer.getByTestId('plan-card').first();
  await card.getByRole('button', { name: 'Buy Now' }).click();
  const checkout = customer.getByRole('dialog', { name: 'Checkout' });
  const plans = (
    (await (await customer.request.get('/v1/plan/read')).json()) as {
      payload: { type: string; price: number }[];
    }
  ).payload;
  const listed = plans.find((p) => p.type === 'PR_4')!.price;
  await checkout.getByLabel('Promo code').fill('AUTUMN25');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  const total = Math.round(listed * 75) / 100;
  await expect(checkout.getByTestId('discounted-total')).toContainText('AUTUMN25: 25% off');
  await expect(checkout.getByTestId('discounted-total')).toContainText(`Total ${euro.format(total)}`);
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(customer).toHaveURL(/\/sandbox\/pay\//, { timeout: 30_000 });
  await customer.getByRole('button', { name: /^Pay / }).click();
  await expect(customer.getByTestId('invoice').getByText('Paid', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(customer.getByTestId('invoice')).toContainText('Promo code AUTUMN25');

  await page.reload();
  await expect(row).toContainText(euro.format(total));
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // Disabled, the code no longer takes anything off.
  await row.getByRole('button', { name: 'Actions for AUTUMN25' }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable AUTUMN25?' });
  await disable.getByLabel(/^Reason/).fill('Sale over');
  await disable.getByRole('button', { name: 'Disable coupon' }).click();
  await expect(page.getByText('Promo code saved')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await customer.goto('/purchase/datacenter');
  await customer.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  await checkout.getByLabel('Promo code').fill('AUTUMN25');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await expect(checkout.getByTestId('discounted-total')).toHaveCount(0);
  await customer.context().close();
});

test("a plan's new price shows on the pricing page at once", async ({ page, browser }) => {
  await openSection(page, 'plans', 'Plans');
  const row = page.getByTestId('admin-plans').getByRole('row', { name: /Residential Week/ });
  await row.getByRole('button', { name: 'Actions for Residential Week' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Residential Week' });
  await form.getByLabel(/^Price/).fill('47.5');
  await form.getByLabel(/^Reason/).fill('Autumn prices');
  await screenshots(page, 'admin-catalogue-plan-form');
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved')).toBeVisible();
  await expect(row).toContainText(euro.format(47.5));

  const customer = await customerPage(browser);
  await customer.goto('/pricing');
  const card = customer.getByTestId('plan-card').filter({ hasText: 'Residential Week' });
  await expect(card).toContainText(euro.format(47.5), { timeout: 30_000 });
  await customer.context().close();
});

test('maintenance on shows the customer the maintenance page; off gives the shop back', async ({
  page,
  browser,
}) => {
  await openSection(page, 'maintenance', 'Maintenance');
  await expect(page.getByTestId('maintenance-state')).toHaveText('Off: the shop is open');
  await page.getByRole('button', { name: 'Turn maintenance on' }).click();
  const ask = page.getByRole('dialog', { name: 'Close the shop for maintenance?' });
  await ask.getByLabel(/^Reason/).fill('Database upgrade');
  await screenshots(page, 'admin-catalogue-maintenance-confirm');
  await ask.getByRole('button', { name: 'Turn maintenance on' }).click();
  // The console itself moves under /4, where the app lives while the shop is closed.
  await expect(page).toHaveURL(`${shop.url}/4/admin/catalogue/maintenance`, { timeout: 30_000 });
  await expect(page.getByTestId('maintenance-state')).toHaveText('On: the shop is closed');

  const customer = await customerPage(browser);
  await customer.goto('/');
  await expect(customer.getByTestId('maintenance-page')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Turn maintenance off' }).click();
  const back = page.getByRole('dialog', { name: 'Open the shop again?' });
  await back.getByLabel(/^Reason/).fill('Upgrade done');
  await back.getByRole('button', { name: 'Turn off' }).click();
  await expect(page).toHaveURL(`${shop.url}/admin/catalogue/maintenance`, { timeout: 30_000 });
  await expect(page.getByTestId('maintenance-state')).toHaveText('Off: the shop is open');

  await customer.goto('/');
  await expect(customer.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByTestId('maintenance-page')).toHaveCount(0);
  await customer.context().close();
});

test('the social-link form takes https:// and mailto: addresses only (issue #28 item 10)', async ({
  page,
}) => {
  await openSection(page, 'social', 'Social links');
  const address = page.getByRole('textbox', { name: 'Address' }).first();
  await address.fill('javascript:alert(document.cookie)');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Try a script');
  await page.getByRole('button', { name: 'Save social links' }).click();
  await expect(page.getByText('Give an https:// or mailto: address (https://t.me/yourshop)')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  const served = (await (await page.request.get('/v1/social_media/read')).json()) as {
    payload: { url: string }[];
  };
  expect(served.payload.map((link) => link.url)).toEqual(['https://discord.gg/proxydesk']);
});

test('every section of the catalogue, in both themes at 1280 and 390 px, meets WCAG 2.1 AA', async ({
  page,
}) => {
  const sections: [string, string][] = [
    ['plans', 'Plans'],
    ['day-prices', 'Day prices'],
    ['payment-methods', 'Payment methods'],
    ['coupons', 'Coupons'],
    ['faq', 'FAQ'],
    ['announcement', 'Announcement'],
    ['social', 'Social links'],
    ['maintenance', 'Maintenance'],
    ['replacements', 'Replacements'],
    // Last: the test goes on on this section.
    ['locations', 'Locations'],
  ];
  const problems: string[] = [];
  for (const [path, label] of sections) {
    await openSection(page, path, label);
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    await screenshots(page, `admin-catalogue-${path}`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      problems.push(...(await violations(page)).map((line) => `${path} ${scheme}: ${line}`));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  expect(problems).toEqual([]);

  // A city of a premium country, switched off and found again by a search.
  await page.getByLabel('Find a place').fill('Germany');
  await page.getByRole('button', { name: /Germany/ }).click();
  // The switch's track covers its input: click the track, once the city list has opened and stood still.
  const berlin = page.getByRole('switch', { name: 'Berlin offered', exact: true });
  await berlin.locator('xpath=..').click();
  const ask = page.getByRole('dialog', { name: 'Switch Berlin off?' });
  await ask.getByLabel(/^Reason/).fill('No supply in Berlin');
  await ask.getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByText('Location off')).toBeVisible();
  await expect(berlin).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Munich offered', exact: true })).toBeChecked();
  await screenshots(page, 'admin-catalogue-locations-open');
});
