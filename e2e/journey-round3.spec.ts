import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { openIspLocation } from './support/generator.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';
import { admin } from './support/server.js';

const screenshots = (page: Page, name: string) => save(page, `round3-${name}`);

/**
 * Issue #33 items 3–7 in the browser: two waiting plans activated one by one, each dialog naming its plan; the
 * console not there for a customer or a visitor, and tidy for staff; support reached through what the shop has;
 * the last whitelisted IP asked for; words that say who and what.
 */
const PORT = 3137;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);
const operator = shopCustomer(shop.url);

type MyPlan = { id: string; plan_name: string; status: string };
const myPlans = async () => (await customer.api('/v1/user/plans')).payload as MyPlan[];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await signUpOperator(shop, operator, 'oscar');
  await customer.signUpBuying(shop.smtp, 'tessa', 'PR_4', 'PR_4');
  const [older, newer] = await myPlans();
  await customer.api('/v1/user/change-plan-name', { id: older!.id, planName: 'Office' });
  await customer.api('/v1/user/change-plan-name', { id: newer!.id, planName: 'Scrapers' });
  admin(shop.server.dataDir, 'reseller', 'tessa', 'on');
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 150_000 });

const statusOf = async (name: string) => (await myPlans()).find((p) => p.plan_name === name)?.status;

test('two waiting plans are activated one by one: each dialog names its plan, and that plan starts', async ({
  page,
}) => {
  await customer.visit(page, '/');
  const banner = page.getByTestId('pending-activation');
  await expect(banner).toContainText('2 plans are waiting for activation', { timeout: 30_000 });
  await expect(banner.getByTestId('pending-plan')).toHaveText([
    /Office · Datacenter/,
    /Scrapers · Datacenter/,
  ]);
  await screenshots(page, 'dashboard-two-waiting');

  // The newer plan first: the dialog names it, and it is the one that starts.
  await banner.getByRole('link', { name: 'Activate Scrapers' }).click();
  await expect(page).toHaveURL(/\/product\/datacenter\?activate=/);
  const first = page.getByRole('dialog', { name: 'Activate Plan: Scrapers' });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first).toContainText('whitelisted on Scrapers');
  await screenshots(page, 'activate-dialog');
  await first.getByLabel(/^IP address/).fill('203.0.113.21');
  await first.getByRole('button', { name: 'Activate Scrapers' }).click();
  await expect(first).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/product\/datacenter$/);
  expect(await statusOf('Scrapers')).toBe('active');
  expect(await statusOf('Office')).toBe('pending');
  await expect(page.getByTestId('stat-active-plan')).toContainText('Scrapers');

  // The other one, from the product page's own banner.
  const left = page.getByTestId('activation-banner');
  await expect(left).toContainText('A plan is waiting for activation');
  await left.getByRole('button', { name: 'Activate Plan: Office' }).click();
  const second = page.getByRole('dialog', { name: 'Activate Plan: Office' });
  await second.getByLabel(/^IP address/).fill('203.0.113.22');
  await second.getByRole('button', { name: 'Activate Office' }).click();
  await expect(second).toBeHidden({ timeout: 30_000 });
  await expect(left).toBeHidden();
  expect(await statusOf('Office')).toBe('active');
  await expect(page.getByTestId('stat-active-plan')).toContainText('Office');
  await expect(page.getByTestId('stat-ip-whitelisted')).toContainText('1 of 10 allowed');
});

test('removing the last whitelisted IP asks first; a removal is said beside the list', async ({ page }) => {
  await customer.visit(page, '/product/datacenter');
  const table = page.getByTestId('whitelist-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  const only = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!;
  await table.getByRole('button', { name: `Remove ${only}` }).click();
  const ask = page.getByRole('dialog', { name: 'Remove the last whitelisted IP?' });
  await expect(ask).toContainText('every line of the plan stops answering');
  await screenshots(page, 'last-ip');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(table).toContainText(only);

  await page.getByLabel('IP to whitelist').fill('198.51.100.40');
  await page.getByRole('button', { name: 'Whitelist IP' }).click();
  await expect(table).toContainText('198.51.100.40');
  await table.getByRole('button', { name: 'Remove 198.51.100.40' }).click();
  await expect(page.getByTestId('whitelist-removed')).toHaveText('198.51.100.40 removed from the whitelist');
  await expect(table).not.toContainText('198.51.100.40');
  await screenshots(page, 'ip-removed');
});

test("a customer opening /admin sees the shop's not-found page, and so does a visitor", async ({
  page,
  browser,
}) => {
  await customer.signIn(page);
  for (const path of ['/admin', '/admin/customers']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('admin-shell')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Console navigation' })).toHaveCount(0);
  }
  await expect(page).toHaveTitle(/^Page not found/);
  await screenshots(page, 'admin-customer');

  const visitor = await browser.newPage({ baseURL: shop.url });
  await visitor.goto('/admin');
  await expect(visitor.getByTestId('not-found')).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByTestId('sign-in-page')).toHaveCount(0);
  await screenshots(visitor, 'admin-visitor');
  await visitor.close();
});

test('the console: Traffic, Mails, Failed jobs and Webhooks in the menu, a plain not-found, an audit in words', async ({
  page,
}) => {
  await operator.visit(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Console navigation' });
  for (const [link, heading] of [
    ['Traffic', 'Traffic'],
    ['Mails', 'Mails'],
    ['Failed jobs', 'Failed jobs'],
    ['Provider webhooks', 'Refused provider webhooks'],
    ['Customer webhooks', 'Customer webhooks'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
  }

  await page.goto('/admin/nothing-here');
  await expect(page.getByTestId('console-not-found')).toContainText(
    'There is no console page at this address',
  );
  await screenshots(page, 'console-not-found');

  await page.goto('/admin/audit');
  const table = page.getByTestId('audit-table');
  const role = table.getByRole('row').filter({ hasText: 'customer.role' }).filter({ hasText: 'tessa' });
  await expect(role).toBeVisible({ timeout: 30_000 });
  await expect(role.getByRole('link', { name: 'tessa' })).toBeVisible();
  await expect(role).toContainText('Role: customer → reseller');
  await expect(table).not.toContainText('{');
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('type', 'date');
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('type', 'date');
  await page.getByLabel('Customer').fill('tessa');
  await expect(page).toHaveURL(/target=tessa/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await screenshots(page, 'audit');
});

test("the code page and /account-deactivated lead to the shop's Discord: there is no live chat", async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill('newbie');
  await page.getByLabel('E-mail').fill('newbie@example.com');
  await page.getByLabel(/^Password/).fill('violet kettle 42 drums');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('confirm-page')).toBeVisible({ timeout: 30_000 });
  const help = page.getByTestId('otp-help');
  await expect(help).toHaveText(
    'No code after a minute? Check your spam folder, then send a new code, or ask us on Discord.',
  );
  await expect(help.getByRole('link', { name: 'ask us on Discord' })).toHaveAttribute(
    'href',
    'https://discord.gg/proxydesk',
  );
  await expect(page.getByTestId('confirm-page')).not.toContainText('live chat');
  // Good news in info blue (issue #33 item 7).
  await expect(page.getByRole('status').filter({ hasText: "We've sent OTP" })).toHaveAttribute(
    'style',
    /--mantine-color-blue/,
  );
  await screenshots(page, 'code-page');

  await page.goto('/account-deactivated');
  const gone = page.getByTestId('deactivated-page');
  await expect(gone.getByRole('link', { name: 'Ask on Discord' })).toHaveAttribute(
    'href',
    'https://discord.gg/proxydesk',
    { timeout: 30_000 },
  );
  await expect(gone).not.toContainText('live chat');
  await screenshots(page, 'deactivated');
});

test('words: the account menu says who is signed in, one name for the settings, Starter Day versus Day', async ({
  page,
}) => {
  await customer.visit(page, '/');
  await page.getByRole('button', { name: 'Account menu' }).click({ timeout: 30_000 });
  const who = page.getByTestId('signed-in-as');
  await expect(who).toContainText('Signed in as');
  await expect(who).toContainText('tessa@example.com');
  await expect(who.getByText('tessa', { exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(/^Account Settings/);

  await page.goto('/purchase/residential');
  const card = (name: string) => page.getByTestId('plan-card').filter({ hasText: name });
  await expect(card('Residential Starter Day').getByTestId('plan-note')).toContainText('50 GB fixed', {
    timeout: 30_000,
  });
  await expect(card('Residential Day').getByTestId('plan-note')).toContainText(/50 to 2,000 GB: €20\.00/);
  await screenshots(page, 'residential-cards');
});

test('the invoices fit a 390 px phone: no sideways page scroll on the list or an invoice', async ({
  page,
}) => {
  await customer.signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await page.goto('/invoices');
  const view = page.getByRole('link', { name: /^View invoice/ }).first();
  await expect(view).toBeVisible({ timeout: 30_000 });
  expect(await fits()).toBe(true);
  await view.click();
  await expect(page.getByTestId('invoice')).toBeVisible({ timeout: 30_000 });
  expect(await fits()).toBe(true);
  // The lines table too: whole, not scrolled inside its card.
  const lines = page.getByTestId('invoice-lines');
  expect(
    await lines.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth),
  ).toBe(true);
  await screenshots(page, 'invoice-phone');
});

test('the Location select keeps Random as a value: opened, the search starts empty', async ({ page }) => {
  await customer.signIn(page);
  const location = await openIspLocation(page);
  await expect(location).toHaveAttribute('placeholder', 'Random');
  await location.pressSequentially('Germ');
  await page.getByRole('option', { name: 'Germany' }).click();
  await expect(location).toHaveValue('Germany');
  await location.click();
  await expect(location).toHaveValue('');
  await screenshots(page, 'location-search');
  await page.keyboard.press('Escape');
  await expect(location).toHaveValue('Germany');
});
