import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, databaseUrl } from '../test-support/databases.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp.js';
import { shopCustomer } from './support/customer.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * SPEC.md fidelity (issue #20): the custom plan priced from the catalogue, generator defaults, the server's
 * success details, warnings for 422 and the menu's order. The shop runs on a PostgreSQL database of its own,
 * so that the test can change the catalogue the way an operator does while the shop runs; no catalogue cache.
 */
const PORT = 3108;
const shop = `http://127.0.0.1:${PORT}`;
const database = `proxydesk_e2e_${randomBytes(4).toString('hex')}`;
const euro = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
let server: RunningServer;
let smtp: SmtpCapture;
let sql: pg.Client;
const customer = shopCustomer(shop);
let token: string;

const withAdmin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
};

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await withAdmin(`create database ${database}`);
  smtp = await startSmtpCapture();
  server = await startServer(PORT, undefined, {
    DATABASE_URL: databaseUrl(database),
    GATEWAY_ENABLED: 'false',
    CATALOGUE_CACHE_SECONDS: '0',
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: 'off',
    PUBLIC_URL: shop,
  });
  sql = new pg.Client({ connectionString: databaseUrl(database) });
  await sql.connect();
  token = await customer.signUp(smtp, 'faithful');
  await customer.addBilling();
});
test.afterAll(async () => {
  await sql?.end();
  await server?.stop();
  await smtp?.close();
  await withAdmin(`drop database if exists ${database} with (force)`);
});
test.use({ baseURL: shop });
// A busy machine: first paints and the sandbox round trip may be slow; every wait is for a condition.
test.describe.configure({ timeout: 90_000 });

const signedIn = async (page: Page) =>
  page.context().addCookies([{ name: 'token', value: token, url: shop }]);

/** Both themes of what a test changed, to look at (test-results/fidelity-*.png). */
const screenshots = async (page: Page, name: string, target: Page | Locator = page) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await target.screenshot({ path: `test-results/fidelity-${name}-${scheme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
};

/** The toast (a Mantine notification) that says `text`. */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Keeps a toast open (the pointer on it stops its timer) and takes the page in both themes. */
const toastScreenshots = async (page: Page, name: string, text: string) => {
  await toast(page, text).hover();
  await screenshots(page, name);
};

/** The page with the signed-in frame painted (the first paint may take a while on a busy machine). */
const openSignedIn = async (page: Page, path: string) => {
  await signedIn(page);
  await page.goto(path);
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
};

test("custom plan: an operator's new day price shows on the card, and the invoice charges that same total (SPEC.md §9)", async ({
  page,
}) => {
  // The operator makes 7 days of datacenter cost €33.33 a day: 2 IPs = 33.33 × 1.8 = €59.99.
  await sql.query(`update custom_day_prices set price_cents = 3333 where product_type = 'PR_4' and days = 7`);
  await openSignedIn(page, '/purchase/datacenter');
  const card = page.getByTestId('custom-plan-card');
  await card.getByLabel('Days').fill('7');
  await card.getByLabel('IPs').fill('2');
  await expect(card.getByTestId('custom-plan-price')).toHaveText(euro.format(59.99), { timeout: 15_000 });
  await screenshots(page, 'custom-plan', card);

  await card.getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toContainText(euro.format(59.99));
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay / }).click();
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(invoice).toContainText('Custom Datacenter: 2 IPs, 7 days');
  await expect(invoice).toContainText(euro.format(59.99));
});

test('generators start at quantity 1 on /proxy and on a product page (SPEC.md §5); generating says the server\'s "Your proxies are here."', async ({
  page,
}) => {
  await customer.buyPaid('PR_2');
  await openSignedIn(page, '/proxy');
  await page.getByRole('radiogroup').getByText('ISP', { exact: true }).click();
  await expect(page.getByLabel(/^Quantity/)).toHaveValue('1');

  await page.goto('/product/isp');
  const quantity = page.getByLabel(/^Quantity/);
  await expect(quantity).toHaveValue('1', { timeout: 15_000 });
  // The ranges stay as they are: up to 10,000 on a product page.
  await quantity.fill('10001');
  await expect(page.getByText('Quantity is 1 to 10000')).toBeVisible();
  await quantity.fill('1');
  await page.getByRole('button', { name: 'Generate' }).click();
  const done = toast(page, 'Your proxies are here. 1 proxy line generated.');
  await expect(done).toBeVisible();
  await expect(page.getByLabel('Proxies', { exact: true })).toHaveValue(/^[^\n]+$/);
  await toastScreenshots(page, 'generated', 'Your proxies are here.');
});

test("activation and whitelisting show the server's detail (SPEC.md §4, §8)", async ({ page }) => {
  await customer.buyPaid('PR_4');
  await openSignedIn(page, '/product/datacenter');
  // Each waiting plan has its own button, named after it (issue #33 item 3): an earlier test left a custom one.
  await page.getByRole('button', { name: /^Activate Plan: Datacenter \d+ IPs/ }).click();
  const modal = page.getByRole('dialog', { name: 'Activate Plan' });
  await modal.getByLabel(/^IP address/).fill('203.0.113.10');
  await modal.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'Plan activated: 203.0.113.10 is whitelisted')).toBeVisible();
  await toastScreenshots(page, 'activated', 'Plan activated');

  await page.getByLabel('IP to whitelist').fill('203.0.113.11');
  await page.getByRole('button', { name: 'Whitelist IP' }).click();
  await expect(toast(page, '203.0.113.11 whitelisted')).toBeVisible();
  await page.getByRole('button', { name: 'Remove 203.0.113.11' }).click();
  // Said beside the list, not in a corner toast over the row (issue #33 item 6).
  await expect(page.getByTestId('whitelist-removed')).toHaveText('203.0.113.11 removed from the whitelist');
});

test("a checkout paid from the reseller balance says the server's detail, then shows the Paid invoice (SPEC.md §4)", async ({
  page,
}) => {
  await sql.query(`update users set role = 'reseller' where username = 'faithful'`);
  // The shop hears of a change made beside it (LISTEN/NOTIFY, ADR 008) a moment after its commit.
  await expect
    .poll(async () => (await customer.api('/v1/auth/access')).payload.isReseller as boolean)
    .toBe(true);
  await customer.topUp(500);
  await openSignedIn(page, '/purchase/ipv6');
  await page.getByTestId('plan-card').first().getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel(/^Payment method/).click();
  await page.getByRole('option', { name: 'Account balance' }).click();
  await checkout.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/invoice\//, { timeout: 15_000 });
  await expect(toast(page, 'Paid: your order is ready')).toBeVisible();
  await expect(page.getByTestId('invoice').getByText('Paid', { exact: true })).toBeVisible();
  await toastScreenshots(page, 'balance-paid', 'Paid: your order is ready');
});

test('a 422 on sign-up and on sign-in shows as news (info blue, issue #33 item 7) on the confirm page (SPEC.md §8)', async ({
  page,
}) => {
  const warning = page.getByRole('status').filter({ hasText: "We've sent OTP on your email." });
  await page.goto('/signup');
  await expect(page.getByLabel('Username')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Username').fill('warned');
  await page.getByLabel('E-mail').fill('warned@example.com');
  await page.getByLabel(/^Password/).fill('violet kettle 42 drums');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('confirm-page')).toBeVisible({ timeout: 15_000 });
  await expect(warning).toHaveAttribute('style', /--mantine-color-blue/);
  await screenshots(page, 'confirm-warning', page);

  // Two-factor on: signing in answers 422, and the confirm page warns the same way.
  await sql.query(`update users set is_2fa = true where username = 'faithful'`);
  await page.goto('/login');
  await page.getByLabel('Username').fill('faithful');
  await page.getByLabel(/^Password/).fill('violet kettle 42 drums');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('confirm-page')).toBeVisible({ timeout: 15_000 });
  // The same news, in words about signing in (issue #19): the answer's payload says the code signs in.
  await expect(
    page.getByRole('status').filter({ hasText: "We've sent a sign-in code to your e-mail." }),
  ).toHaveAttribute('style', /--mantine-color-blue/);
  await sql.query(`update users set is_2fa = false where username = 'faithful'`);
});

test('the menu ends with FAQs, the Discord link, Account Settings, then Logout (SPEC.md §2)', async ({
  page,
}) => {
  await openSignedIn(page, '/');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Discord' })).toHaveAttribute(
    'href',
    'https://discord.gg/proxydesk',
  );
  const entries = (await menu.locator('a, button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(entries.slice(-4)).toEqual(['FAQs', 'Discord', 'Account Settings', 'Logout']);
  await screenshots(page, 'menu', menu);
});
