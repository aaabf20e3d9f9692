import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots } from './support/screenshots.js';
import { admin } from './support/server.js';

/** The console's pools, overview links and a customer's mails (issue #17 §2, §3, §6), on a shop of its own. */
const PORT = 3123;
const shop = useMailedShop(PORT);
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);
let catId = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await signUpOperator(shop, operator, 'olga');
  await customer.signUpBuying(shop.smtp, 'cat', 'PR_4', 'PR_2');
  await customer.api('/v1/user/activate-dc-ipv6-plan', { ips: ['203.0.113.10'], type: 'PR_4' });
  // Traffic through the gateway on cat's ISP plan, as the gateway would have counted it.
  admin(shop.server.dataDir, 'sample-usage', 'cat', 'PR_2', '5');
  const found = (await operator.api('/v1/admin/customers?q=cat')) as unknown as { results: { id: string }[] };
  catId = found.results[0]!.id;
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 120_000 });

/** Picks a segment of a segmented control (its radio is hidden under its label). */
const segment = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

/** A product's utilisation card: its assigned and free counts. */
const utilisation = async (page: Page, product: string) => {
  const card = page.getByTestId(`utilisation-${product}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  return {
    assigned: Number(await card.getByTestId('assigned').textContent()),
    free: Number(await card.getByTestId('free').textContent()),
  };
};

test('an operator imports a range, sees the pool grow, and retires an assigned address: the customer moves', async ({
  page,
}) => {
  await operator.visit(page, '/admin/pools');
  await expect(page.getByRole('heading', { name: 'Pools', level: 2 })).toBeVisible({ timeout: 30_000 });
  const before = await utilisation(page, 'PR_4');
  expect(before.assigned).toBe(10);

  const form = page.getByRole('form', { name: 'Import addresses' });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByText('Give at least one line')).toBeVisible();
  await form.getByLabel('Addresses, one a line').fill('198.51.100.1-198.51.100.4:8000\n198.51.100.2:8000');
  await form.getByLabel(/^Reason/).fill('New rack in Frankfurt');
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByText('4 added, 1 already in the pool')).toBeVisible();
  await expect.poll(async () => (await utilisation(page, 'PR_4')).free).toBe(before.free + 4);

  // The addresses list: cat's first address, by search and state.
  await segment(page, 'Assigned');
  await page.getByLabel('Address starts with').fill('192.0.2.1');
  const row = page.getByRole('row').filter({ hasText: '192.0.2.1:31200' }).filter({ hasText: 'cat' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'cat' })).toHaveAttribute('href', `/admin/customers/${catId}`);
  await row.getByRole('button', { name: 'Retire 192.0.2.1:31200' }).click();
  const modal = page.getByRole('dialog', { name: 'Retire 192.0.2.1:31200' });
  await expect(modal).toContainText("cat's plan");
  await modal.getByLabel('Reason').fill('Listed on a spam blacklist');
  await modal.getByRole('button', { name: 'Retire' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(/Retired; cat moved to 192\.0\.2\.11:31200 and was mailed/)).toBeVisible();
  expect(await utilisation(page, 'PR_4')).toEqual({ assigned: 10, free: before.free + 4 - 1 });

  // The customer's product page shows the new address, not the retired one; their mail says what changed.
  const mail = await shop.smtp.waitFor('cat@example.com', { subject: /^Your proxy address changed/ });
  expect(mail.text).toContain('replace 192.0.2.1:31200 with 192.0.2.11:31200');
  const customerPage = await page.context().browser()!.newPage({ baseURL: shop.url });
  await customer.visit(customerPage, '/product/datacenter');
  const proxies = customerPage.getByLabel('Proxies', { exact: true });
  await expect(proxies).toHaveValue(/(^|\n)192\.0\.2\.11:31200(\n|$)/, { timeout: 30_000 });
  await expect(proxies).not.toHaveValue(/(^|\n)192\.0\.2\.1:31200(\n|$)/);
  await customerPage.close();

  await page.getByLabel('Address starts with').fill('');
  await segment(page, 'All');
  await screenshots(page, 'admin-pools');
});

test('every overview figure links to its list; the customer page lists their mails', async ({ page }) => {
  await operator.visit(page, '/admin');
  await expect(page.getByTestId('stat-mails-failed')).toContainText('0', { timeout: 30_000 });
  const today = new Date().toISOString().slice(0, 10);
  const links: [string, string, RegExp][] = [
    ['stat-revenue-today', 'Invoices', new RegExp(`/admin/money\\?status=paid&from=${today}$`)],
    ['stat-new-customers-today', 'List', /\/admin\/customers\?sort=-joined$/],
    ['stat-customers', 'List', /\/admin\/customers\?sort=-joined$/],
    ['stat-active-plans', 'Pools', /\/admin\/pools$/],
    ['stat-mails-failed', 'List', /\/admin\/mails\?state=failed$/],
    ['stat-provider-webhooks-refused', 'List', /\/admin\/webhooks$/],
    ['stat-payments-flagged', 'List', /\/admin\/money\?status=flagged&from=\d{4}-\d\d-\d\d$/],
    ['stat-jobs-failed', 'List', /\/admin\/jobs$/],
  ];
  for (const [card, name, url] of links) {
    await page.getByTestId(card).getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await page.goBack();
    await expect(page.getByTestId(card)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Datacenter' }).click();
  await expect(page).toHaveURL(/\/admin\/pools$/);
  await page.goBack();
  await expect(page.getByTestId('stat-revenue-today')).toBeVisible();
  await screenshots(page, 'admin-overview');

  await page.getByTestId('stat-mails-failed').getByRole('link', { name: 'List' }).click();
  await expect(page.getByText('No failed mails: every mail went out.')).toBeVisible();
  await segment(page, 'Sent');
  await expect(page.getByRole('row').filter({ hasText: 'address-changed' })).toBeVisible();
  await screenshots(page, 'admin-mails');

  await page.goto(`/admin/customers/${catId}`);
  const mails = page.getByTestId('customer-mails');
  await expect(mails.getByRole('row').filter({ hasText: 'address-changed' })).toContainText('sent', {
    timeout: 30_000,
  });
  await expect(mails.getByRole('row').filter({ hasText: 'otp' })).toContainText('cat@example.com');
  await screenshots(page, 'admin-customer');
});

test('the overview lists what the shop needs before going live, and sends a test mail (issue #29)', async ({
  page,
}) => {
  await operator.visit(page, '/admin');
  const checklist = page.getByRole('region', { name: 'Before taking customers' });
  // This shop runs on plain HTTP with the sandbox forced on, no secret of its own for it, and no seller address.
  await expect(checklist).toContainText('3 settings are missing', { timeout: 30_000 });
  await expect(checklist.getByRole('listitem')).toHaveText([
    /^PUBLIC_URL http:\/\/127\.0\.0\.1:\d+ is not https/,
    /^SMTP_URL mail through 127\.0\.0\.1:\d+$/,
    /^Payment provider none, SANDBOX_PAYMENTS=true/,
    /^SANDBOX_WEBHOOK_SECRET not set/,
    /^Seller on invoices no seller address/,
  ]);
  const after = Date.now();
  await checklist.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(page.getByText('Test mail sent to olga@example.com')).toBeVisible();
  const mail = await shop.smtp.waitFor('olga@example.com', { after, subject: /test mail/ });
  expect(mail.text).toContain('mail to your customers works');
  await screenshots(page, 'admin-preflight');
});

test("the overview's traffic leads to the customers who made it", async ({ page }) => {
  await operator.visit(page, '/admin');
  await page.getByRole('link', { name: 'ISP' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/traffic\?product=PR_2$/);
  const row = page.getByRole('row').filter({ hasText: 'cat' });
  await expect(row).toContainText('ISP');
  await expect(row).toContainText(/\d+(\.\d+)? [KMG]i?B/);
  await screenshots(page, 'admin-traffic');
  await row.getByRole('link', { name: 'cat' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${catId}$`));
});
