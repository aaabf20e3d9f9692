import { expect, test } from '@playwright/test';
import { startFakePaddle, type FakePaddle } from '../test-support/fake-paddle.js';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';
import { admin } from './support/server.js';

/** A shop with a promo code, Paddle pointed at a fake of its API, and a reseller. */
const PORT = 3104;
let paddle: FakePaddle;
// The fake first: the shop starts pointed at it.
test.beforeAll(async () => {
  paddle = await startFakePaddle();
});
test.afterAll(() => paddle?.close());
const shop = useMailedShop(PORT, () => ({
  PADDLE_API_KEY: paddle.apiKey,
  PADDLE_WEBHOOK_SECRET: paddle.webhookSecret,
  PADDLE_API_BASE: paddle.url,
}));
const reseller = shopCustomer(shop.url);

test.beforeAll(async () => {
  paddle.setWebhook(`${shop.url}/v1/webhooks/paddle`);
  admin(shop.server.dataDir, 'coupon', 'WELCOME10', 'percent', '10');
  await reseller.signUp(shop.smtp, 'reseller');
  await reseller.addBilling('Estonia');
  admin(shop.server.dataDir, 'reseller', 'reseller', 'on');
});
test.use({ baseURL: shop.url });

test('the promo code shows the discounted total; Paddle opens as an overlay and its payment marks the invoice Paid', async ({
  page,
}) => {
  await reseller.visit(page, '/purchase/datacenter');
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  const plans = (
    (await (await page.request.get('/v1/plan/read')).json()) as { payload: { type: string; price: number }[] }
  ).payload;
  const price = plans.find((p) => p.type === 'PR_4')!.price;
  const euro = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
  await checkout.getByLabel('Promo code').fill('welcome10');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByTestId('discounted-total')).toContainText('WELCOME10: 10% off');
  await expect(checkout.getByTestId('discounted-total')).toContainText(
    `Total ${euro.format(Math.round(price * 90) / 100)}`,
  );

  await checkout.getByLabel(/^Payment method/).click();
  await page.getByRole('option', { name: 'Paddle' }).click();
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  const overlay = page.getByRole('dialog', { name: 'Pay with Paddle' });
  await expect(overlay).toBeVisible();
  await overlay.frameLocator('iframe[title="Paddle checkout"]').getByRole('button', { name: 'Pay' }).click();
  await overlay.getByRole('link', { name: 'Done: see the invoice' }).click();
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(invoice).toContainText('Promo code WELCOME10');
});

test("an invoice shown while its payment is on its way turns Paid by itself when Paddle's notice comes", async ({
  page,
  request,
}) => {
  const auth = { authorization: `Bearer ${reseller.token()}` };
  const plans = (
    (await (await request.get('/v1/plan/read')).json()) as { payload: { id: number; type: string }[] }
  ).payload;
  const created = await request.post('/v1/invoice/create', {
    headers: auth,
    data: { payment_method: 'paddle', plan: plans.find((p) => p.type === 'PR_4')!.id },
  });
  const { invoice_id: id, hosted_url: hosted } = (
    (await created.json()) as {
      payload: { invoice_id: string; hosted_url: string };
    }
  ).payload;
  await reseller.visit(page, `/invoice/${id}`);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByText('Pending', { exact: true })).toBeVisible();
  // Paid after the page was drawn: only its reading the invoice again can show it.
  expect((await paddle.complete(new URL(hosted).searchParams.get('_ptxn')!)).status).toBe(200);
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
});

test('a reseller tops up through the sandbox and sees the balance and its history', async ({ page }) => {
  await reseller.visit(page, '/balance');
  await page.getByLabel(/^Amount\(EUR\)/).fill('40');
  await page.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('invoice').getByText('Paid', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto('/balance');
  await expect(page.getByTestId('stat-available-balance')).toContainText('40.00');
  await expect(page.getByTestId('balance-history')).toContainText('Top-up');
});
