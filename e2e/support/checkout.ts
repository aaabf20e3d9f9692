import { expect, type Page } from '@playwright/test';

/** From an open Checkout dialog: on to the sandbox page, Pay, and back on the invoice once it is paid. */
export const payOnSandboxPage = async (page: Page) => {
  await page
    .getByRole('dialog', { name: 'Checkout' })
    .getByRole('button', { name: 'Continue to payment' })
    .click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('invoice').getByText('Paid', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
};

/** Billing details as a buyer gives them in checkout: the country is typed in part, then picked from the list. */
export interface TypedBilling {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  zip: string;
  country: { typed: string; picked: string };
}

/** Fills checkout's Billing details dialog as a buyer does, and presses Save and continue. */
export const fillBillingDialog = async (page: Page, details: TypedBilling) => {
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await billing.getByLabel(/^First name/).fill(details.firstName);
  await billing.getByLabel(/^Last name/).fill(details.lastName);
  await billing.getByLabel(/^Address/).fill(details.address);
  await billing.getByLabel(/^City/).fill(details.city);
  await billing.getByLabel(/^ZIP/).fill(details.zip);
  await billing.getByLabel(/^Country/).fill(details.country.typed);
  await page.getByRole('option', { name: details.country.picked }).click();
  await billing.getByRole('button', { name: 'Save and continue' }).click();
};
