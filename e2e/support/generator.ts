import { expect, type Page } from '@playwright/test';

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

/**
 * The generator's Location select for an ISP line, opened on a signed-in page: it shows Random until clicked, then
 * an empty search (issue #33 item 6). Answers the select.
 */
export const openIspLocation = async (page: Page) => {
  await page.goto('/proxy');
  // ISP is called ISP (issue #33 item 2).
  await page.getByRole('radiogroup').getByText('ISP', { exact: true }).click();
  const location = page.getByRole('combobox', { name: 'Location' });
  await expect(location).toHaveValue('Random', { timeout: 30_000 });
  await location.click();
  await expect(location).toHaveValue('');
  return location;
};
