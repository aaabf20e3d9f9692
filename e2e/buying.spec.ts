import { expect, test } from '@playwright/test';
import { fillBillingDialog } from './support/checkout.js';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';

const PORT = 3103;
const shop = useMailedShop(PORT);
const buyer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await buyer.signUp(shop.smtp, 'buyer');
});
test.use({ baseURL: shop.url });

test('buys a datacenter plan: billing details first, the sandbox payment page, then a Paid invoice (SPEC.md §4)', async ({
  page,
}) => {
  await buyer.visit(page, '/purchase/datacenter');
  const firstPlan = page.getByTestId('plan-card').first();
  const planName = (await firstPlan.getByRole('heading').textContent())!;
  await firstPlan.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
  // Every modal's close button is named for screen readers.
  await expect(
    page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Close' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // No billing details yet: the billing modal opens and blocks the checkout.
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing).toBeVisible();
  await billing.getByRole('button', { name: 'Save and continue' }).click();
  await expect(billing.getByText('First name is required')).toBeVisible();
  await fillBillingDialog(page, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: '12 St James Square',
    city: 'London',
    zip: 'SW1Y 4JH',
    country: { typed: 'United King', picked: 'United Kingdom' },
  });

  // The sandbox gateway's own page, without JavaScript: Pay.
  await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: planName })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/invoice\//, { timeout: 15_000 });
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await expect(invoice).toContainText(planName);
  await expect(invoice).toContainText('Ada Lovelace');
  await expect(invoice.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  await page.goto('/invoices');
  await expect(page.getByTestId('invoices-table')).toContainText(planName);
  await expect(page.getByTestId('invoices-table').getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('All are caught up!')).toBeVisible();
  // On a phone, one card per invoice instead of the wide table, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('invoices-table')).toBeHidden();
  await expect(page.getByTestId('invoices-list')).toContainText(planName);
  await expect(page.getByTestId('invoices-list').getByText('Paid', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The dashboard now counts the plan, waiting for activation.
  await page.goto('/');
  await expect(page.getByTestId('stat-pending-activations')).toContainText('1');
  await expect(page.getByTestId('first-plan')).toHaveCount(0);
});

test('custom plan: "Invalid Days" and "Invalid Ips" outside 1–30 days and 1–10 IPs (SPEC.md §5)', async ({
  page,
}) => {
  await buyer.visit(page, '/purchase/ipv6');
  const card = page.getByTestId('custom-plan-card');
  await card.getByLabel('Days').fill('31');
  await expect(card.getByText('Invalid Days')).toBeVisible();
  await card.getByLabel('IPs').fill('11');
  await expect(card.getByText('Invalid Ips')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await card.getByLabel('Days').fill('22');
  await card.getByLabel('IPs').fill('3');
  // 22 days is the day table's dip to €78 (SPEC.md §9), × (1 + 0.8 × 2) for three IPs.
  await expect(card).toContainText('€202.80');
  await expect(card.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
});

test('pricing: residential plans by price with their GB slider, then the ISP tab (SPEC.md §9, issue #33)', async ({
  page,
  request,
}) => {
  const plans = (
    (await (await request.get('/v1/plan/read')).json()) as {
      payload: { type: string; name: string; price: number; data: number; add_gb_price: number | null }[];
    }
  ).payload;
  const normal = plans.filter((p) => p.type === 'PR_3').sort((a, b) => a.price - b.price);
  await buyer.visit(page, '/pricing');
  const cards = page.getByTestId('plan-card');
  await expect(cards).toHaveCount(normal.length);
  await expect(cards.first()).toContainText(normal[0]!.name);
  // The first (unlimited) plan is fixed at its GB: no slider.
  await expect(cards.first().getByRole('slider')).toHaveCount(0);
  const second = cards.nth(1);
  await expect(second).toContainText(`${normal[1]!.data} GB`);
  await second.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await expect(second).toContainText(`${normal[1]!.data + 50} GB`);
  const euro = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
  await expect(second).toContainText(euro.format(normal[1]!.price + normal[1]!.add_gb_price!));

  await page.getByRole('tab', { name: 'ISP', exact: true }).click();
  const isp = plans.filter((p) => p.type === 'PR_2');
  await expect(cards).toHaveCount(isp.length);
  await expect(cards.first()).toContainText(isp[0]!.name);
});

test('balance: a customer who is not a reseller is told what the page is for', async ({ page }) => {
  await buyer.visit(page, '/balance');
  await expect(page.getByText('Balance is for resellers')).toBeVisible();
});
