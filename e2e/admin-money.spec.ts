import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { admin } from './support/server.js';

/**
 * Issue #17 §3–4 in the browser: an operator with 2FA finds a customer by a whitelisted IP, credits their
 * balance, then refunds their sandbox invoice from Money; the customer's product page says the plan is suspended.
 */
const PORT = 3121;
const shop = useMailedShop(PORT);
const CUSTOMER_IP = '203.0.113.77';
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'olive');

  await customer.signUp(shop.smtp, 'carmen');
  // The balance is a reseller's (issue #30 item 8): the console credits resellers only.
  expect(admin(shop.server.dataDir, 'reseller', 'carmen', 'on')).toContain('carmen');
  await customer.addBilling();
  await customer.buyPaid('PR_4');
  const plans = (await customer.api('/v1/user/dashboard')).payload.PR_4.plan_data as {
    id: string;
    status: string;
  }[];
  // A second checkout left unpaid (a bank transfer, say): the operator marks it paid.
  const planId = ((await customer.api('/v1/plan/read')).payload as { id: number; type: string }[]).find(
    (plan) => plan.type === 'PR_3',
  )!.id;
  await customer.api('/v1/invoice/create', { payment_method: 'sandbox', plan: planId });
  await customer.api('/v1/user/activate-dc-ipv6-plan', {
    ips: CUSTOMER_IP,
    type: 'PR_4',
    plan: plans.find((plan) => plan.status === 'pending')!.id,
  });
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 180_000 });

test('an operator credits a customer found by IP, refunds their invoice in Money, and the plan is suspended', async ({
  page,
}) => {
  await operator.signIn(page);
  await page.goto('/admin/customers');
  await page.getByLabel('Search').fill(CUSTOMER_IP);
  await page.getByRole('link', { name: 'carmen' }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'carmen' })).toBeVisible();

  await page.getByRole('button', { name: 'Credit or debit balance' }).click();
  const credit = page.getByRole('dialog', { name: 'Credit or debit balance' });
  await credit.getByLabel(/^Amount/).fill('5');
  await credit.getByLabel(/^Reason/).fill('Goodwill for the outage');
  // A double click credits once: the dialog sends one idempotency key (issue #28 §13).
  await credit.getByRole('button', { name: 'Credit or debit balance' }).dblclick();
  await expect(page.getByText('Balance credited').first()).toBeVisible();
  await expect(page.getByText('Goodwill for the outage')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Balance €5.00' })).toBeVisible();

  // Money: the customer's paid sandbox invoice, found with the filters (kept in the URL).
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Money' })
    .click();
  await expect(page.getByRole('heading', { name: 'Money' })).toBeVisible();
  await page.getByLabel('Customer').fill('nobody-here');
  await expect(page.getByText('No invoice matches these filters')).toBeVisible();
  await page.getByLabel('Customer').fill('carmen');
  await expect(page.getByRole('row').filter({ hasText: 'carmen' })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'paid' }).click();
  await expect(page).toHaveURL(/customer=carmen/);
  await expect(page).toHaveURL(/status=paid/);
  const row = page.getByRole('row').filter({ hasText: 'carmen' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('sandbox');
  await expect(row).toContainText('paid');
  await expect(page.getByText('1 invoice', { exact: true })).toBeVisible();
  await screenshots(page, 'admin-money-list');
  // The filtered list exports as CSV, the operator's token sent with it.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',paid,,carmen,');

  // A link reproduces the view.
  await page.reload();
  await expect(page.getByLabel('Customer')).toHaveValue('carmen');
  await row.getByRole('link', { name: /^Invoice / }).click();
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'carmen' })).toHaveAttribute('href', /\/admin\/customers\//);
  const timeline = page.getByTestId('invoice-timeline');
  await expect(timeline).toContainText('payment.succeeded');
  await screenshots(page, 'admin-money-invoice');

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund invoice' });
  await expect(refund).toContainText("the provider's refund event then applies it");
  // The reason is required, as the contract says, and a part is at most what was paid.
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText('Give a reason')).toBeVisible();
  await refund.getByText('A part').click();
  await refund.getByLabel(/^Amount/).fill('999');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText(/^At most .* is left to refund$/)).toBeVisible();
  await screenshots(page, 'admin-money-refund-modal');
  await refund.getByText(/^All of it/).click();
  await refund.getByLabel(/^Reason/).fill('Service not delivered');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refunded in full: the plan it bought is suspended')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(page.getByText('refunded', { exact: true }).first()).toBeVisible();
  await expect(timeline).toContainText('refund.succeeded');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await screenshots(page, 'admin-money-refunded');

  // The provider's events, on their own tab.
  await page.getByRole('link', { name: 'Money' }).first().click();
  await page.getByRole('tab', { name: 'Payment events' }).click();
  await expect(page).toHaveURL(/tab=events/);
  await expect(page.getByRole('row').filter({ hasText: 'refund.succeeded' })).toHaveCount(1);
  await screenshots(page, 'admin-money-events');

  // The unpaid invoice: no refund, but Mark paid, with a reason.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByLabel('Customer').fill('carmen');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'pending' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'carmen' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'carmen' })).toContainText('pending');
  await page.getByRole('link', { name: /^Invoice .* of carmen$/ }).click();
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  const markPaid = page.getByRole('dialog', { name: 'Mark invoice paid' });
  await markPaid.getByLabel(/^Reference/).fill('SEPA-2026-0001');
  await markPaid.getByLabel(/^Reason/).fill('Bank transfer received');
  await screenshots(page, 'admin-mark-paid-modal');
  await markPaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Marked paid and provisioned')).toBeVisible();
  await expect(page.getByTestId('invoice-timeline')).toContainText('manual.paid');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();

  // The customer's product page says the plan is suspended.
  await page.context().clearCookies();
  await customer.signIn(page);
  await page.goto('/product/datacenter');
  await page.getByRole('combobox', { name: 'Plan' }).click({ timeout: 30_000 });
  await page.getByRole('option', { name: /\(suspended\)$/ }).click();
  await expect(page.getByTestId('plan-suspended')).toContainText('This plan is suspended');
});
