import { expect, test } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots } from './support/screenshots.js';
import { admin } from './support/server.js';

/**
 * Issue #30 items 5, 7 and 8 in the browser: a customer corrects their billing details in Settings (the VAT
 * number checked for its country); an operator edits them on the customer's console page, writes a staff note,
 * makes an invoice by hand that the customer then sees with its note, suspends and resumes a plan, and is
 * offered no credit for a customer who is not a reseller.
 */
const PORT = 3137;
const shop = useMailedShop(PORT);
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'otis');
  await customer.signUp(shop.smtp, 'cleo');
  await customer.addBilling('Germany');
  await customer.buyPaid('PR_4');
  // A balance from before the rule (the owner's command line may still credit anyone).
  expect(admin(shop.server.dataDir, 'balance', 'cleo', '+25', 'old', 'credit')).toContain('cleo');
});
test.use({ baseURL: shop.url });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('a customer corrects their billing details in Settings, the VAT number checked for the country', async ({
  page,
}) => {
  await customer.visit(page, '/settings');
  const card = page.getByTestId('billing-details-card');
  await expect(card.getByLabel(/^First name/)).toHaveValue('A', { timeout: 30_000 });
  await card.getByLabel(/^Company/).fill('Cleo Studio GmbH');
  await card.getByLabel(/^VAT number/).fill('DE12345');
  await card.getByLabel(/^Address/).fill('Hauptstraße 1');
  await card.getByRole('button', { name: 'Save billing details' }).click();
  await expect(card.getByText('This is not a Germany VAT number: it looks like DE123456789')).toBeVisible();
  // The failed save focused the field further down: the screenshot starts from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'settings-billing-error');
  await card.getByLabel(/^VAT number/).fill('de 123 456 789');
  await card.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved: invoices issued from now on use them')).toBeVisible();
  await page.reload();
  await expect(card.getByLabel(/^VAT number/)).toHaveValue('DE123456789', { timeout: 30_000 });
  await expect(card.getByLabel(/^Company/)).toHaveValue('Cleo Studio GmbH');
  await expect(card.getByText(/^Last changed/)).toBeVisible();
  await screenshots(page, 'settings-billing');
});

test('an operator sets things right by hand on the customer page', async ({ page }) => {
  await operator.visit(page, '/admin/customers');
  await page.getByLabel('Search').fill('cleo');
  await page.getByRole('link', { name: 'cleo' }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'cleo' })).toBeVisible();

  // Item 8: no credit for a customer who is not a reseller; their leftover balance is shown, and can be debited.
  await expect(page.getByRole('button', { name: 'Credit or debit balance' })).toHaveCount(0);
  await expect(
    page.getByText(
      'Not a reseller: the customer can neither see nor spend this €25.00. Make reseller to use it.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Debit leftover balance' }).click();
  const debit = page.getByRole('dialog', { name: 'Debit leftover balance' });
  await expect(debit).toContainText('Not a reseller: this balance can only be debited');
  await debit.getByLabel(/^Amount/).fill('5');
  await debit.getByLabel(/^Reason/).fill('Trying to credit');
  await debit.getByRole('button', { name: 'Debit leftover balance' }).click();
  await expect(
    debit.getByText(
      'Only a reseller has a balance to spend: make this customer a reseller first, or credit nothing',
    ),
  ).toBeVisible();
  await debit.getByLabel(/^Amount/).fill('-25');
  await debit.getByRole('button', { name: 'Debit leftover balance' }).click();
  await expect(page.getByText('Balance debited')).toBeVisible();
  await expect(page.getByText('The balance is for resellers: make reseller to credit one.')).toBeVisible();

  // Item 5: billing details, edited and audited.
  const billing = page.getByTestId('customer-billing');
  await expect(billing).toContainText('Cleo Studio GmbH');
  await expect(billing).toContainText('VAT DE123456789');
  await billing.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit billing details' });
  await edit.getByLabel(/^Company/).fill('Cleo Studio AG');
  await edit.getByRole('button', { name: 'Save billing details' }).click();
  await expect(edit.getByText('Give a reason')).toBeVisible();
  await edit.getByLabel(/^Reason/).fill('Customer mailed the new company name');
  await edit.getByRole('button', { name: 'Save billing details' }).click();
  await expect(edit).toBeHidden();
  await expect(billing).toContainText('Cleo Studio AG');

  // Item 7: a staff note.
  const notes = page.getByTestId('customer-notes');
  await expect(notes).toContainText('No notes yet');
  await notes.getByLabel('New note').fill('Pays by bank transfer; wants invoices in German');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes).toContainText('Pays by bank transfer; wants invoices in German');
  await expect(notes).toContainText('otis');

  // Item 7: suspend and resume the customer's plan.
  await page.getByRole('button', { name: /^Suspend plan: / }).click();
  const suspend = page.getByRole('dialog', { name: /^Suspend plan: / });
  await suspend.getByLabel(/^Reason/).fill('Abuse report under review');
  await suspend.getByRole('button', { name: 'Suspend plan' }).click();
  await expect(page.getByText('Plan suspended: the gateways refuse it within seconds')).toBeVisible();
  await expect(page.getByText('suspended', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Resume plan: / }).click();
  const resume = page.getByRole('dialog', { name: /^Resume plan: / });
  await resume.getByLabel(/^Reason/).fill('Report was unfounded');
  await resume.getByRole('button', { name: 'Resume plan' }).click();
  await expect(page.getByText('Plan resumed (pending)')).toBeVisible();

  // Item 7: an invoice by hand, a custom line with a note for the customer.
  await page.getByRole('button', { name: 'New invoice' }).click();
  const invoice = page.getByRole('dialog', { name: 'New invoice' });
  await invoice.getByText('Custom line').click();
  await invoice.getByLabel(/^Description/).fill('Dedicated gateway setup');
  await invoice.getByLabel(/^Price/).fill('120');
  await invoice.getByLabel(/^Note/).fill('Thank you for the call on Monday.');
  await invoice.getByLabel(/^Reason/).fill('Agreed on the phone');
  await screenshots(page, 'admin-new-invoice');
  await invoice.getByRole('button', { name: 'Make invoice' }).click();
  await expect(page.getByText(/^Invoice made: the customer sees it/)).toBeVisible();
  await expect(invoice).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Dedicated gateway setup' })).toContainText('unpaid');
  await screenshots(page, 'admin-customer-by-hand');
  await page.getByRole('link', { name: 'Audit' }).first().click();
  await expect(page.getByText('customer.billing').first()).toBeVisible({ timeout: 30_000 });

  // The customer sees the invoice, billed to the corrected company, with the note, payable like any other.
  await page.context().clearCookies();
  await customer.visit(page, '/invoices');
  await page.getByRole('row').filter({ hasText: 'Dedicated gateway setup' }).getByRole('link').click();
  await expect(page.getByText('Thank you for the call on Monday.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Cleo Studio AG')).toBeVisible();
  await expect(page.getByText('VAT DE123456789')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay' })).toBeVisible();
  await screenshots(page, 'invoice-by-hand');
});
