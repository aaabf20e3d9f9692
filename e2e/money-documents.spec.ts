import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { screenshots as save } from './support/screenshots.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';

/**
 * Issue #30 in the browser: a paid invoice named by its number, saying when and how it was paid, with its credit
 * note and PDFs; an unpaid one speaking of its payment hour; the console's Shop page and its preflight item.
 */
const PORT = 3161;
const shop = useMailedShop(PORT, {
  SELLER_NAME: 'Acme Proxies Ltd',
  SELLER_EMAIL: 'billing@acme.example',
});
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);
const YEAR = new Date().getUTCFullYear();
const ids = { paid: '', unpaid: '' };

const screenshots = (page: Page, name: string) => save(page, `money-documents-${name}`);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'ophelia');

  await customer.signUp(shop.smtp, 'cora');
  await customer.addBilling('Ireland');
  await customer.buyPaid('PR_4');
  const plans = (await customer.api('/v1/plan/read')).payload as { id: number; type: string }[];
  await customer.api('/v1/invoice/create', {
    payment_method: 'sandbox',
    plan: plans.find((p) => p.type === 'PR_3')!.id,
  });
  const list = (await customer.api('/v1/invoice/read')) as unknown as {
    results: { id: string; status: boolean }[];
  };
  ids.paid = list.results.find((invoice) => invoice.status)!.id;
  ids.unpaid = list.results.find((invoice) => !invoice.status)!.id;
  await operator.api(`/v1/admin/invoices/${ids.paid}/refund`, { amount: 1, reason: 'Slow first day' });
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 180_000 });

const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });

test('a paid invoice says when and how it was paid, lists its credit note, and downloads as a PDF', async ({
  page,
}) => {
  const number = `INV-${YEAR}-000001`;
  await customer.visit(page, `/invoice/${ids.paid}`);
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('invoice-when')).toContainText(/^Paid .+ with /);
  await expect(page.getByTestId('invoice-notes')).toHaveText('Thank you for your business.');
  await expect(page.getByTestId('invoice')).not.toContainText('one hour');
  await expect(page.getByTestId('invoice-seller')).toContainText('Acme Proxies Ltd');
  await expect(page.getByTestId('invoice-sums')).toContainText('VAT 0 %');
  const notes = page.getByTestId('credit-notes');
  await expect(notes).toContainText(`CN-${YEAR}-000001`);
  await expect(notes).toContainText('Slow first day');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${number} as PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = pdfText(await download.path());
  expect(text).toContain(number);
  expect(text).toContain('Acme Proxies Ltd');
  await screenshots(page, 'invoice-paid');

  await page.goto(`/invoice/${ids.unpaid}`);
  await expect(page.getByTestId('invoice-notes')).toContainText('within one hour of issue', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('invoice-when')).toContainText('due');
  await expect(page.getByRole('button', { name: /as PDF/ })).toHaveCount(0);
  await screenshots(page, 'invoice-unpaid');
});

test("the console asks for the seller's address, saves the shop's identity, and shows an invoice's documents", async ({
  page,
}) => {
  await operator.visit(page, '/admin');
  await expect(page.getByText('Seller on invoices')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/no seller address/)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Shop' })
    .click();
  await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
  await expect(page.getByLabel(/^Seller name/)).toHaveValue('Acme Proxies Ltd');
  await page.getByLabel(/^Address/).fill('1 Quay Street\nDublin D02 X285\nIreland');
  await page.getByLabel(/^VAT number/).fill('IE1234567T');
  await page.getByLabel(/^Invoice prefix/).fill('acme');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/capital letters or digits/)).toBeVisible();
  await expect(page.getByText(/Give a reason/)).toBeVisible();
  await page.getByLabel(/^Invoice prefix/).fill('ACME');
  await expect(page.getByText(`ACME-${YEAR}-000124`)).toBeVisible();
  await page.getByLabel(/^Footer/).fill('IBAN IE00 0000 0000 0000 0000 00');
  await page.getByLabel(/^Reason/).fill('First set-up');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: documents issued from now on show these details')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'console-shop');

  await page.goto('/admin');
  await expect(page.getByText(/no seller address/)).toHaveCount(0, { timeout: 30_000 });

  await page.goto(`/admin/money/invoices/${ids.paid}`);
  const documents = page.getByTestId('invoice-documents');
  await expect(documents.getByRole('button', { name: `Download INV-${YEAR}-000001 as PDF` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(documents).toContainText(`CN-${YEAR}-000001`);
  await screenshots(page, 'console-invoice');
});
