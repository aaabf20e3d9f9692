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
