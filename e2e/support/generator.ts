import type { Page } from '@playwright/test';

/**
 * Fills the proxy generator on the page as a customer does (a location typed then picked, a type, a quantity;
 * each only when given) and presses Generate.
 */
export const generate = async (
  page: Page,
  { location, type, quantity }: { location?: string; type?: string; quantity?: number },
) => {
  if (location) {
    await page
      .getByLabel(/^Location/)
      .first()
      .fill(location.slice(0, 4));
    await page.getByRole('option', { name: location }).click();
  }
  if (type) {
    await page.getByLabel(/^Type/).first().click();
    await page.getByRole('option', { name: type }).click();
  }
  if (quantity !== undefined) await page.getByLabel(/^Quantity/).fill(String(quantity));
  await page.getByRole('button', { name: 'Generate' }).click();
};

/** The generated lines, one a line. */
export const generatedLines = async (page: Page) =>
  (await page.getByLabel('Proxies', { exact: true }).inputValue()).trim().split('\n');
