import { createHmac, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { useMailedShop } from './support/mailed-shop.js';

/** Issue #16 in the browser: Renew keeps the same plan, Notifications persist, a refund suspends the plan. */
const PORT = 3118;
const SANDBOX_SECRET = 'lifecycle-e2e-sandbox-secret';
const shop = useMailedShop(PORT, { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpWithBilling(shop.smtp, 'renewer');
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 120_000 });

/** The datacenter plan bought on the sandbox and activated with an IP: running, with its addresses. */
const activeDatacenterPlan = async () => {
  await customer.buyPaid('PR_4');
  const plans = (await customer.api('/v1/user/dashboard')).payload.PR_4.plan_data as {
    id: string;
    status: string;
  }[];
  const pending = plans.find((p) => p.status === 'pending')!;
  await customer.api('/v1/user/activate-dc-ipv6-plan', {
    ips: '203.0.113.9',
    type: 'PR_4',
    plan: pending.id,
  });
  return pending.id;
};

/** The sandbox provider's refund event for an invoice, signed as its Pay button's events are. */
const refundOnSandbox = async (invoiceId: string) => {
  const body = JSON.stringify({
    id: `sbx_evt_${randomUUID()}`,
    type: 'refund.succeeded',
    invoice_id: invoiceId,
    amount_cents: 0,
    currency: 'EUR',
    created: Date.now(),
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', SANDBOX_SECRET).update(`${t}.${body}`).digest('hex')}`;
  const answer = await fetch(`${shop.url}/v1/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
    body,
  });
  expect(answer.status).toBe(200);
};

test('Renew on the product page: the sandbox payment extends the same plan, same addresses', async ({
  page,
}) => {
  await activeDatacenterPlan();
  await customer.visit(page, '/product/datacenter');
  const proxies = page.getByLabel('Proxies', { exact: true });
  await expect(proxies).not.toHaveValue('', { timeout: 30_000 });
  const addresses = await proxies.inputValue();
  const renewDate = page.getByTestId('stat-renew-date');
  const before = await renewDate.locator('p').nth(1).textContent();

  await renewDate.getByRole('button', { name: /^Renew / }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toContainText('Renewal: ');
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('payment-received')).toBeVisible({ timeout: 30_000 });

  await page.goto('/product/datacenter');
  await expect(renewDate.locator('p').nth(1)).not.toHaveText(before!, { timeout: 30_000 });
  await expect(proxies).toHaveValue(addresses);
  await screenshots(page, 'lifecycle-renewed');
});

test('Notifications: both switches persist across a reload', async ({ page }) => {
  await customer.visit(page, '/settings');
  const card = page.getByTestId('notifications-card');
  const reminders = card.getByRole('switch', { name: 'Plan reminders' });
  const alerts = card.getByRole('switch', { name: 'Usage alerts' });
  await expect(reminders).toBeChecked({ timeout: 30_000 });
  await expect(alerts).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/v1/user/notifications') && r.request().method() === 'PUT',
  );
  await reminders.click({ force: true });
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(reminders).not.toBeChecked({ timeout: 30_000 });
  await expect(alerts).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'lifecycle-notifications');
});

test('a refunded invoice says "Refunded", and the product page says its plan is suspended', async ({
  page,
}) => {
  await activeDatacenterPlan();
  // Newest first: the invoice of the plan just bought.
  const { results: invoices } = (await customer.api('/v1/invoice/read')) as unknown as {
    results: { id: string; plan_name: string }[];
  };
  const invoiceId = invoices.find((i) => !i.plan_name.startsWith('Renewal'))!.id;
  await refundOnSandbox(invoiceId);
  await customer.visit(page, `/invoice/${invoiceId}`);
  await expect(page.getByTestId('invoice')).toContainText('Refunded', { timeout: 30_000 });

  await page.goto('/product/datacenter');
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /\(suspended\)$/ }).click();
  const suspended = page.getByTestId('plan-suspended');
  await expect(suspended).toBeVisible();
  await expect(suspended).toContainText('This plan is suspended');
  await screenshots(page, 'lifecycle-suspended');
  await expect(page.getByTestId('stat-renew-date').getByRole('button', { name: /^Renew / })).toHaveCount(0);
});
