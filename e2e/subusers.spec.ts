import { expect, test, type Page } from '@playwright/test';
import { shopCustomer } from './support/customer.js';
import { generate, generatedLines } from './support/generator.js';
import { useMailedShop } from './support/mailed-shop.js';
import { violations } from './support/axe.js';
import { screenshots } from './support/screenshots.js';
import { statusThrough, useSite } from './support/site.js';

const PORT = 3163;
const shop = useMailedShop(PORT);
const site = useSite('hello from the site');
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'teamlead', 'PR_2');
});
// axe is injected as a script, which the shop's strict CSP would rightly refuse.
test.use({ baseURL: shop.url, bypassCSP: true });

/** The four screenshots of the page as it is, from its top (the shell's header stays at the top). */
const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
};

test("the ISP page's Sub-users card: create, pause, limit, countries, a new password, lines for it, delete (issue #31)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await customer.visit(page, '/product/isp');
  const card = page.getByTestId('subusers-card');
  await expect(card.getByTestId('subusers-empty')).toContainText('No sub-users yet');
  await shoot(page, 'subusers-empty');

  // Create: the name is checked in the browser, then the shop makes the credentials, shown once.
  await card.getByRole('button', { name: 'New sub-user' }).click();
  const create = page.getByRole('dialog', { name: 'New sub-user' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Name is required')).toBeVisible();
  await create.getByLabel('Name').fill('Scraper EU');
  await create.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'Scraper EU is ready' });
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  const username = (await shown.getByTestId('shown-username').textContent())!;
  const password = (await shown.getByTestId('shown-password').textContent())!;
  expect(username).toMatch(/^s[a-z0-9]{11}-isp$/);
  expect(password).toMatch(/^[a-z0-9]{20}$/);
  await shoot(page, 'subusers-password-shown');
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = card.getByTestId('subuser-row').filter({ hasText: 'Scraper EU' });
  await expect(row).toContainText(username);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('no limit');

  // Pause and resume.
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Resume' }).click();
  await expect(row).toContainText('Active');

  // A daily limit, and Germany only.
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Data limit…' }).click();
  const limit = page.getByRole('dialog', { name: 'Data limit' });
  await limit.getByLabel(/^Limit \(GB\)/).fill('5');
  await limit.getByText('Per day').click();
  await limit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('of 5 GB per day');
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Countries…' }).click();
  const countries = page.getByRole('dialog', { name: 'Allowed countries' });
  await countries.getByLabel('Countries').fill('Germ');
  await page.getByRole('option', { name: 'Germany (de)' }).click();
  // The list stays open for more picks; a click beside it closes it.
  await countries.getByText(/Leave empty to allow any country/).click();
  await countries.getByRole('button', { name: 'Save' }).click();
  await expect(countries).toBeHidden();
  await expect(row).toContainText('DE');

  // A second sub-user, so that the table has more than one row in the screenshots.
  await card.getByRole('button', { name: 'New sub-user' }).click();
  await create.getByLabel('Name').fill('Client — Acme Ltd');
  await create.getByRole('button', { name: 'Create' }).click();
  await page
    .getByRole('dialog', { name: 'Client — Acme Ltd is ready' })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(card.getByTestId('subuser-row')).toHaveCount(2);
  await shoot(page, 'subusers-table');
  // No serious or critical WCAG 2.1 A/AA violation on the card, in either theme.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    expect(await violations(page), scheme).toEqual([]);
  }

  // A new password: shown once; lines carry it.
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'New password' }).click();
  const renewed = page.getByRole('dialog', { name: 'New password' });
  const fresh = (await renewed.getByTestId('shown-password').textContent())!;
  expect(fresh).not.toBe(password);
  await renewed.getByRole('button', { name: 'Done' }).click();

  // The generator's "For": lines with the sub-user's credentials, which work through the gateway.
  await page.getByTestId('generator-for').click();
  await page.getByRole('option', { name: 'Scraper EU' }).click();
  await generate(page, { location: 'Germany', quantity: 1 });
  const line = (await generatedLines(page))[0]!;
  expect(line).toBe(`127.0.0.1:${PORT + 20_000}:${username}:${fresh}_country-de`);
  const url = site.url;
  await expect(async () => expect(await statusThrough(line, url)).toBe(200)).toPass({ timeout: 10_000 });

  // Delete, confirmed: its line stops working.
  await row.getByRole('button', { name: 'Actions for Scraper EU' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete sub-user' });
  await expect(confirm).toContainText('Delete Scraper EU?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByTestId('subuser-row')).toHaveCount(1);
  await expect(async () => expect(await statusThrough(line, url)).toBe(407)).toPass({ timeout: 10_000 });
});
