import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { violations } from './support/axe.js';
import { shopCustomer } from './support/customer.js';
import { screenshots } from './support/screenshots.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { gatewayPortOf } from './support/server.js';
import { useSite } from './support/site.js';

/**
 * Fair use set by the customer (issue #31 item 3): the operator sets the ISP maximums in the console, the
 * customer caps a sub-user within them on the Sub-users card (the maximum checked in the browser first), and its
 * row shows the source addresses the gateway saw; a second source is refused with 429.
 */
const PORT = 3179;
const shop = useMailedShop(PORT);
const site = useSite('hello');
const operator = shopCustomer(shop.url);
const customer = shopCustomer(shop.url);

test.beforeAll(async () => {
  await signUpOperator(shop, operator, 'olga');
  await customer.signUpBuying(shop.smtp, 'fran', 'PR_2');
});
test.use({ baseURL: shop.url, bypassCSP: true });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A GET through the gateway with a sub-user's credentials, from `from` (a loopback address): its status. */
const through = (username: string, password: string, from: string) =>
  new Promise<number>((resolve, reject) => {
    const url = site.url;
    const req = request({
      host: '127.0.0.1',
      port: gatewayPortOf(PORT),
      localAddress: from,
      path: url,
      headers: {
        host: new URL(url).host,
        'proxy-authorization': `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      },
      agent: false,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

test('the operator sets the ISP plans’ fair-use maximums in the console, with a reason', async ({ page }) => {
  await operator.visit(page, '/admin/catalogue/fair-use');
  await expect(page.getByRole('tab', { name: 'Fair use', selected: true })).toBeVisible({ timeout: 30_000 });
  const isp = page.getByTestId('fair-use-PR_2');
  await isp.getByLabel('Source addresses').fill('3');
  await isp.getByLabel('Open connections').fill('20');
  await isp.getByRole('button', { name: 'Save maximums' }).click();
  // The reason is asked for before anything is sent.
  await expect(isp.getByText('Give a reason (3 characters or more)')).toBeVisible();
  await isp.getByLabel('Reason').fill('Shared accounts on a forum');
  await isp.getByRole('button', { name: 'Save maximums' }).click();
  await expect(page.getByText('Fair-use maximums saved')).toBeVisible();
  await expect(isp.getByLabel('Source addresses')).toHaveValue('3');
  await screenshots(page, 'fair-use-console');
});

test('the customer caps a sub-user within the maximum and sees its sources; a second source is refused (429)', async ({
  page,
}) => {
  const made = await customer.api('/v1/subusers', { product: 'PR_2', name: 'Laptop' });
  const { subuser, password } = made.payload as { subuser: { username: string }; password: string };
  await customer.visit(page, '/product/isp');
  const card = page.getByTestId('subusers-card');
  await expect(card.getByTestId('owner-fair-use')).toContainText('0 of 3 sources in 10 minutes');
  const row = card.getByTestId('subuser-row').filter({ hasText: 'Laptop' });
  await expect(row).toContainText('0 of 3 sources');

  await row.getByRole('button', { name: 'Actions for Laptop' }).click();
  await page.getByRole('menuitem', { name: 'Fair use…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fair use' });
  await expect(dialog).toContainText('Shop maximum: 3 in 10 minutes');
  await dialog.getByLabel('Source addresses per 10 minutes').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText("At most 3 source addresses per 10 minutes on ISP plans (the shop's maximum)"),
  ).toBeVisible();
  await dialog.getByLabel('Source addresses per 10 minutes').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('0 of 1 sources');

  // The gateway picks the cap up (NOTIFY): a first source passes, a second is refused.
  await expect(async () => expect(await through(subuser.username, password, '127.0.0.1')).toBe(200)).toPass({
    timeout: 10_000,
  });
  await expect(async () => expect(await through(subuser.username, password, '127.0.0.2')).toBe(429)).toPass({
    timeout: 10_000,
  });
  // The row shows the source the gateway wrote with its next sync.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('1 of 1 sources', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByTestId('sources-button').click();
  const sources = page.getByRole('dialog').filter({ hasText: 'Current sources of Laptop' });
  await expect(sources).toContainText('127.0.0.1');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page), scheme).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await screenshots(page, 'fair-use-card');

  // The owner's own line, through its own dialog.
  await card.getByRole('button', { name: 'Edit fair use of your own line' }).click();
  await dialog.getByLabel('Open connections').fill('8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('owner-fair-use')).toContainText('≤ 8 connections');
});
