import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { payOnSandboxPage } from './support/checkout.js';
import { shopCustomer } from './support/customer.js';
import { signUpCustomer, useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';
import { admin } from './support/server.js';

const screenshots = (page: Page, name: string) => save(page, `journey-plans-${name}`);

/** Issue #19 items 3 and 7: a dashboard about the customer's plans, and usage that adds up. */
const PORT = 3124;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'planner', 'PR_2', 'PR_4');
  // Usage on the ISP plan, as the gateway would have counted it.
  admin(shop.server.dataDir, 'sample-usage', 'planner', 'PR_2', '5');
});
test.use({ baseURL: shop.url, acceptDownloads: true });
test.describe.configure({ timeout: 120_000 });

const row = (page: Page, product: string) => page.getByTestId('plan-row').filter({ hasText: product });

test('the dashboard lists the bought plans above the figures, each with the action that matters and where it leads', async ({
  page,
}) => {
  await customer.visit(page, '/');
  const plans = page.getByTestId('my-plans');
  await expect(plans).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('plan-row')).toHaveCount(2);
  // Above the figure cards.
  const plansBox = (await plans.boundingBox())!;
  const figuresBox = (await page.getByTestId('stat-total-plans-purchased').boundingBox())!;
  expect(plansBox.y + plansBox.height).toBeLessThan(figuresBox.y);

  // The datacenter plan waits for an IP: Activate, first (most urgent), with its IPs; the ISP plan: its proxies.
  const datacenter = row(page, 'Datacenter');
  await expect(page.getByTestId('plan-row').first()).toContainText('Datacenter');
  await expect(datacenter).toContainText('Waiting for activation');
  await expect(datacenter).toContainText(/0 \/ \d+ IPs whitelisted/);
  const isp = row(page, 'ISP');
  await expect(isp).toContainText('Active');
  await expect(isp).toContainText(/\d+\.\d\d \/ 5\.00 GB used/);
  await expect(isp.getByRole('progressbar')).toBeVisible();
  await expect(isp.getByRole('link', { name: 'Get proxies' })).toBeVisible();
  await expect(page.getByTestId('first-plan')).toHaveCount(0);
  await screenshots(page, 'dashboard');

  // On a phone the figure cards sit two per row.
  await page.setViewportSize({ width: 390, height: 844 });
  const first = (await page.getByTestId('stat-total-plans-purchased').boundingBox())!;
  const second = (await page.getByTestId('stat-money-spent').boundingBox())!;
  expect(Math.abs(first.y - second.y)).toBeLessThan(2);
  expect(second.x).toBeGreaterThan(first.x + first.width - 1);
  await page.setViewportSize({ width: 1280, height: 800 });

  await datacenter.getByRole('link', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/product\/datacenter\?activate=/);
  await expect(page.getByText('A plan is waiting for activation')).toBeVisible();

  await page.goto('/');
  await row(page, 'ISP').getByRole('link', { name: 'Get proxies' }).click();
  await expect(page).toHaveURL(/\/product\/isp$/);
  await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible({ timeout: 30_000 });
});

test('the dashboard is drawn whole: the figures never move down when the plans arrive above them', async ({
  page,
}) => {
  await customer.signIn(page);
  // Every frame, where the first figure stands from the top of the dashboard's own content (the shell's banner
  // may still push the whole page): drawn once, it must stay where it was drawn.
  await page.addInitScript(() => {
    const seen = new Set<number>();
    (window as unknown as { offsets: Set<number> }).offsets = seen;
    const look = () => {
      const figure = document.querySelector('[data-testid="stat-total-plans-purchased"]');
      const content = document.querySelector('[data-testid="dashboard-overview"]');
      if (figure && content)
        seen.add(Math.round(figure.getBoundingClientRect().top - content.getBoundingClientRect().top));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/');
  await expect(page.getByTestId('plan-row')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('stat-total-plans-purchased')).toContainText('2');
  const offsets = await page.evaluate(() => [...(window as unknown as { offsets: Set<number> }).offsets]);
  expect(offsets).toHaveLength(1);
});

test("the dashboard's first screen comes with the page: no call for who is signed in, the figures or the plans", async ({
  page,
}) => {
  await customer.signIn(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/v1/')) asked.push(pathname);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByTestId('plan-row')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('pending-activation')).toContainText('Datacenter');
  await expect(page.getByTestId('stat-total-plans-purchased')).toContainText('2');
  for (const answered of [
    '/v1/auth/access',
    '/v1/user/dashboard-stats',
    '/v1/user/plans',
    '/v1/announcement/read',
  ])
    expect(asked, `${answered} came with the page`).not.toContain(answered);
  expect(problems).toEqual([]);

  // Moving on in the app asks the API as before: the page's answers served its first screen only.
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect.poll(() => asked).toContain('/v1/invoice/read');
});

test("the ISP page's used figure, its usage chart and table agree, and the CSV has the table's rows", async ({
  page,
}) => {
  await customer.visit(page, '/product/isp');
  const panel = page.getByTestId('usage-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const used = page.getByTestId('stat-data-used-data-purchased');
  const usedGb = (await used.innerText()).match(/(\d+\.\d\d) GB/)![1]!;
  expect(Number(usedGb)).toBeGreaterThan(0);

  // The table's days add up, as shown, to its total, and the total is the used figure.
  const total = panel.getByTestId('usage-total');
  await expect(total).toHaveText(`${usedGb} GB`);
  const cells = panel.getByTestId('usage-table').locator('tbody td[data-date]');
  const shown = await cells.evaluateAll((tds) =>
    tds.map((td) => ({ date: td.getAttribute('data-date')!, gb: td.textContent.replace(' GB', '') })),
  );
  expect(shown.length).toBeGreaterThan(0);
  const sum = shown.reduce((acc, r) => acc + Math.round(Number(r.gb) * 100), 0);
  expect(sum).toBe(Math.round(Number(usedGb) * 100));
  // The chart starts at the plan's start, one bar a row of the table, GB on its axis (issue #33 item 6).
  await expect(panel.getByRole('img', { name: /^Usage per day, GB, since the plan started/ })).toBeVisible();
  await expect(panel.locator('svg text').filter({ hasText: /^GB$/ })).toBeVisible();
  await expect(panel.getByText('Before this plan', { exact: true })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^usage-PR_2-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r\n/);
  expect(csv[0]).toBe('date,gb,bytes');
  const csvRows = csv.slice(1).map((line) => {
    const [date, gb] = line.split(',');
    return { date: date!, gb: gb! };
  });
  // Oldest first in the file, newest first on the page: the same rows.
  expect(csvRows).toEqual([...shown].reverse());
  await screenshots(page, 'isp-usage');
});

test('a new customer still sees "Buy your first plan", and no list of plans', async ({ page }) => {
  const newcomer = await signUpCustomer(shop, 'newcomer');
  await newcomer.visit(page, '/');
  await expect(page.getByTestId('first-plan')).toContainText('Buy your first plan', { timeout: 30_000 });
  await expect(page.getByTestId('my-plans')).toHaveCount(0);
  await expect(page.getByTestId('no-current-plan')).toHaveCount(0);
});

test('a product page without a plan explains the product and offers to buy it, with no empty chart', async ({
  page,
}) => {
  await customer.visit(page, '/product/premium-residential');
  const empty = page.getByTestId('no-plan');
  await expect(empty).toBeVisible({ timeout: 30_000 });
  await expect(empty).toContainText('You have no Premium Residential plan yet');
  await expect(empty).toContainText(/city and ISP/);
  await expect(page.getByTestId('usage-panel')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Usage per day/ })).toHaveCount(0);
  await screenshots(page, 'premium-empty');
  await empty.getByRole('link', { name: 'Buy Premium Residential' }).click();
  await expect(page).toHaveURL(/\/purchase\/premium-residential$/);
});

test('Buy more GB on the ISP page chooses the ISP plan, and once paid the plan and its dashboard row have the GB', async ({
  page,
}) => {
  await customer.visit(page, '/product/isp');
  await page.getByRole('button', { name: 'Buy more GB' }).click({ timeout: 30_000 });
  const choose = page.getByRole('dialog', { name: 'Buy Additional GB' });
  await expect(choose.getByRole('combobox', { name: 'For' })).toHaveValue('ISP');
  await choose.getByLabel(/^Amount/).fill('10');
  await choose.getByRole('button', { name: 'Continue' }).click();
  await payOnSandboxPage(page);

  await page.goto('/product/isp');
  await expect(page.getByTestId('stat-data-used-data-purchased')).toContainText('/ 15.00 GB', {
    timeout: 30_000,
  });
  await page.goto('/');
  await expect(row(page, 'ISP')).toContainText('/ 15.00 GB used', { timeout: 30_000 });
});
