import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { generate, generatedLines } from './support/generator.js';
import { screenshots as save } from './support/screenshots.js';
import { useMailedShop } from './support/mailed-shop.js';

const screenshots = (page: Page, name: string) => save(page, `journey-${name}`);

/** Issue #19, the customer's journey: find everything, know the next step after paying. */
const PORT = 3117;
const shop = useMailedShop(PORT);
const PASSWORD = 'violet kettle 42 drums';
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpWithBilling(shop.smtp, 'walker');
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 120_000 });

/** An unpaid invoice of the first plan of a product, and its sandbox payment page. */
const order = async (type: string) => {
  const plans = (await customer.api('/v1/plan/read')).payload as { id: number; type: string }[];
  const { payload } = await customer.api('/v1/invoice/create', {
    payment_method: 'sandbox',
    plan: plans.find((p) => p.type === type)!.id,
  });
  return payload as { hosted_url: string; invoice_id: string };
};

test('the menu reaches /pricing and the proxy generator, on a wide screen and a phone', async ({ page }) => {
  await customer.visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await nav.getByText('Products', { exact: true }).click();
  await nav.getByRole('link', { name: 'Proxy generator' }).click();
  await expect(page).toHaveURL(/\/proxy$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await screenshots(page, 'menu');
});

test('pay on the sandbox → "Payment received" → Activate your plan; the dashboard says a plan waits', async ({
  page,
}) => {
  await customer.signIn(page);
  const { hosted_url: hostedUrl, invoice_id: id } = await order('PR_4');
  await page.goto(hostedUrl);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${id}\\?payment=returned$`), { timeout: 15_000 });
  const received = page.getByTestId('payment-received');
  await expect(received).toBeVisible({ timeout: 30_000 });
  // When and how it was paid (issue #30 §10), the payment method by its name.
  await expect(page.getByTestId('invoice-when')).toContainText(/^Paid .* with Test payment \(sandbox\)$/);
  await screenshots(page, 'payment-received');
  await received.getByRole('link', { name: 'Activate your plan' }).click();
  await expect(page).toHaveURL(/\/product\/datacenter$/);

  await page.goto('/');
  const banner = page.getByTestId('pending-activation');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await screenshots(page, 'dashboard-pending');
  await expect(banner.getByTestId('pending-plan')).toContainText('Datacenter');
  await banner.getByRole('link', { name: /^Activate / }).click();
  await expect(page).toHaveURL(/\/product\/datacenter\?activate=/);
  await expect(page.getByRole('dialog', { name: /^Activate Plan: / })).toBeVisible();
});

test('a cancelled payment comes back with a message and "Pay now"', async ({ page }) => {
  await customer.signIn(page);
  const { hosted_url: hostedUrl, invoice_id: id } = await order('PR_5');
  await page.goto(hostedUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${id}\\?payment=returned$`), { timeout: 15_000 });
  const outcome = page.getByTestId('payment-not-completed');
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  await expect(outcome.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', hostedUrl);
  await screenshots(page, 'payment-cancelled');
});

test('invoices at 1280 × 800: no sideways scrolling, every badge and action whole; a row opens its invoice', async ({
  page,
}) => {
  await customer.signIn(page);
  await order('PR_2');
  await page.goto('/invoices');
  const table = page.getByTestId('invoices-table');
  await expect(table.getByText('Pending').first()).toBeVisible({ timeout: 30_000 });
  const fit = await page.evaluate(() => {
    const tableEl = document.querySelector('[data-testid="invoices-table"]')!;
    const box = tableEl.parentElement!;
    const edge = box.getBoundingClientRect();
    const inside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5;
    };
    return {
      page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      card: box.scrollWidth <= box.clientWidth,
      badges: [...tableEl.querySelectorAll('.mantine-Badge-root')].map((badge) => {
        const label = badge.querySelector('.mantine-Badge-label')!;
        return inside(badge) && label.scrollWidth <= label.clientWidth;
      }),
      links: [...tableEl.querySelectorAll('a')].map(inside),
    };
  });
  expect(fit.page).toBe(true);
  expect(fit.card).toBe(true);
  expect(fit.badges.length).toBeGreaterThan(0);
  expect(fit.badges.every(Boolean)).toBe(true);
  expect(fit.links.every(Boolean)).toBe(true);
  await screenshots(page, 'invoices');
  await page.setViewportSize({ width: 1280, height: 800 });
  await table.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(page.getByTestId('invoice')).toBeVisible();
  await expect(page.getByRole('link', { name: 'All invoices' })).toBeVisible();
});

test('a signed-out invoice link goes to sign-in, then back to the invoice', async ({ page }) => {
  const { invoice_id: id } = await order('PR_4');
  await page.goto(`/invoice/${id}`);
  await expect(page.getByTestId('sign-in-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await page.getByLabel('Username').fill('walker');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${id}$`), { timeout: 30_000 });
  await expect(page.getByTestId('invoice')).toBeVisible({ timeout: 30_000 });
  await screenshots(page, 'invoice');
});

test('rotating lines that would be identical come as one, with why; sticky stay distinct', async ({
  page,
}) => {
  await customer.buyPaid('PR_2');
  await customer.visit(page, '/proxy');
  await page.getByRole('radiogroup').getByText('ISP', { exact: true }).click();
  await generate(page, { location: 'Germany', type: 'Rotating', quantity: 5 });
  await expect(page.getByTestId('rotating-note')).toContainText(
    'every request through this line gets a new address',
  );
  expect(await generatedLines(page)).toHaveLength(1);
  await screenshots(page, 'rotating');

  await page.getByLabel(/^Type/).first().click();
  await page.getByRole('option', { name: 'Sticky' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Proxytype: HTTP · 5 lines')).toBeVisible();
  await expect(page.getByTestId('rotating-note')).toHaveCount(0);
});
