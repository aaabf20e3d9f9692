import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';

/**
 * Issue #30 item 9 in the browser: Console → Reports. A paid invoice and its part refund show in the month's
 * revenue, in the documents of the day with a totals row, and in the quarter's VAT by country; each tab keeps its
 * filters in the URL and exports the same figures as CSV.
 */
const PORT = 3185;
const shop = useMailedShop(PORT);
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);
const YEAR = new Date().getUTCFullYear();
const TODAY = new Date().toISOString().slice(0, 10);
const paid = { cents: 0 };

const screenshots = (page: Page, name: string) => save(page, `reports-${name}`);
const euro = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'oskar');
  await customer.signUp(shop.smtp, 'rhea');
  await customer.addBilling('Ireland');
  await customer.buyPaid('PR_4');
  const list = (await customer.api('/v1/invoice/read')) as unknown as { results: { id: string }[] };
  const id = list.results[0]!.id;
  await operator.api(`/v1/admin/invoices/${id}/refund`, { amount: 1, reason: 'Slow first day' });
  const report = (await operator.api('/v1/admin/reports/documents')) as unknown as {
    totals: { total_cents: number };
  };
  paid.cents = report.totals.total_cents + 100;
});
test.use({ baseURL: shop.url, locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 180_000 });

test('revenue per month, by product and by method, with the refund in its month', async ({ page }) => {
  await operator.signIn(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible({ timeout: 30_000 });
  const month = new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const row = page.getByRole('row', { name: new RegExp(`^${month}`) });
  // Net of this month: the invoice less the euro given back.
  await expect(row).toContainText(euro(paid.cents - 100));
  await expect(page.getByRole('columnheader', { name: 'Datacenter' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^12 months/ })).toContainText(euro(paid.cents - 100));
  await screenshots(page, 'revenue');

  await page.getByText('By method').click();
  await expect(page).toHaveURL(/by=method/);
  await expect(page.getByRole('columnheader', { name: 'sandbox' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'sandbox' })).toBeVisible({ timeout: 30_000 });
});

test('the documents of a period with its totals row, exported as the same CSV', async ({ page }) => {
  await operator.signIn(page);
  await page.goto('/admin/reports?tab=documents');
  await expect(page.getByRole('tab', { name: 'Invoices and credit notes' })).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 30_000 },
  );
  // The days shown before any is picked are the server's: this month so far.
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue(TODAY);
  await page.getByRole('textbox', { name: 'From' }).fill(TODAY);
  await expect(page).toHaveURL(new RegExp(`from=${TODAY}`));
  await expect(page.getByRole('link', { name: `INV-${YEAR}-000001` })).toBeVisible();
  await expect(page.getByText(`CN-${YEAR}-000001`)).toBeVisible();
  const totals = page.getByRole('row', { name: /^Totals of 1 invoice and 1 credit note/ });
  await expect(totals).toContainText(euro(paid.cents - 100));
  await screenshots(page, 'documents');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`documents-${TODAY}-${TODAY}.csv`);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(new RegExp(`^invoice,INV-${YEAR}-000001,`));
  expect(lines[2]).toMatch(new RegExp(`^credit_note,CN-${YEAR}-000001,.*,-1\\.00$`));
  expect(lines[3]).toMatch(new RegExp(`^total,.*,${((paid.cents - 100) / 100).toFixed(2)}$`));

  // A period that ends before it starts is the server's to refuse, in words.
  await page.getByRole('textbox', { name: 'From' }).fill(`${YEAR + 1}-01-01`);
  await expect(page.getByRole('alert', { name: 'Could not load the documents' })).toContainText(
    'ends before it starts',
  );
  await page.goto('/admin/reports?tab=documents&from=2001-01-01&to=2001-01-31');
  await expect(page.getByText('No invoice or credit note in these days')).toBeVisible({ timeout: 30_000 });
});

test('VAT by country and rate for the quarter', async ({ page }) => {
  await operator.signIn(page);
  await page.goto('/admin/reports?tab=vat');
  const ireland = page.getByRole('row', { name: /^Ireland/ });
  await expect(ireland).toContainText('0 %', { timeout: 30_000 });
  await expect(ireland).toContainText('1 invoice, 1 credit note');
  await expect(page.getByRole('row', { name: /^Totals/ })).toContainText(euro(paid.cents - 100));
  await screenshots(page, 'vat');
  const earlier = page.getByRole('combobox', { name: 'Quarter' });
  await earlier.click();
  await page.getByRole('option', { name: `${YEAR - 1}-Q1` }).click();
  await expect(page).toHaveURL(new RegExp(`quarter=${YEAR - 1}-Q1`));
  await expect(page.getByText(`Nothing invoiced in ${YEAR - 1}-Q1`)).toBeVisible();
});
