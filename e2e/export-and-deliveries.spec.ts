import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shopCustomer } from './support/customer.js';
import { signUpOperator, useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';
import { admin } from './support/server.js';

const screenshots = (page: Page, name: string) => save(page, `export-${name}`);

/**
 * Issue #32 item 5 and the console's side of item 3 in the browser: a reseller exports ISP lines with a template
 * of their own (checked as they type, remembered for another browser), and an operator reads the customer
 * webhook deliveries with the receiver's answers, filters them in the URL and re-sends one with a reason.
 */
const PORT = 3173;
const shop = useMailedShop(PORT);
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers: a failure first, then a success. */
let answer = { status: 500, body: 'boom: the receiver is down for maintenance' };
const customer = shopCustomer(shop.url);
const operator = shopCustomer(shop.url);
const TEMPLATE = '{protocol}://{user}:{pass}@{host}:{port}';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answer.status).end(answer.body));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await signUpOperator(shop, operator, 'ophelia');
  await customer.signUp(shop.smtp, 'rexport');
  await customer.addBilling();
  await customer.buyPaid('PR_2');
  admin(shop.server.dataDir, 'reseller', 'rexport', 'on');
  await customer.api('/v1/webhook-endpoints', { url: receiverUrl, events: ['invoice.paid'] });
  await customer.topUp(25);
});
test.afterAll(() => {
  receiver?.closeAllConnections();
  receiver?.close();
});
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 150_000 });

const generateIsp = async (page: Page) => {
  await page.goto('/product/isp');
  await page.getByLabel(/^Type/).first().click();
  await page.getByRole('option', { name: 'Sticky' }).click();
  await page.getByLabel(/^Quantity/).fill('3');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('heading', { name: 'Your proxies are here' })).toBeVisible({ timeout: 30_000 });
};

test('the ISP page exports lines with a template, checked as typed, remembered for another browser', async ({
  page,
  browser,
}) => {
  await customer.signIn(page);
  await generateIsp(page);
  const template = page.getByRole('textbox', { name: 'Template' });
  const preview = page.getByLabel('Proxies', { exact: true });
  // Today's line by default.
  await expect(template).toHaveValue('{host}:{port}:{user}:{pass}');
  const lines = (await preview.inputValue()).split('\n');
  expect(lines).toHaveLength(3);
  for (const line of lines)
    expect(line).toMatch(/^127\.0\.0\.1:\d+:u[a-z0-9]+-isp:[a-z0-9]+_session-[a-z]{8}$/);

  // The rule the API applies, inline: the bad placeholder named, nothing to copy or download.
  await template.fill('{host}:{login}');
  await expect(
    page.getByText('Unknown placeholder {login}: use {host}, {port}, {user}, {pass}, {ip} or {protocol}'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download/ })).toBeDisabled();
  await expect(preview).toHaveValue('');
  await screenshots(page, 'bad-template');

  await template.fill(TEMPLATE);
  await page.getByRole('radiogroup', { name: 'Format' }).getByText('CSV').click();
  await page.getByRole('radiogroup', { name: 'Protocol' }).getByText('SOCKS5').click();
  await expect(preview).toHaveValue(
    /^protocol,user,pass,host,port\nsocks5,u[a-z0-9]+-isp,[a-z0-9]+_session-[a-z]{8},127\.0\.0\.1,\d+\n/,
  );
  await screenshots(page, 'csv');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^proxies-isp-\d{4}-\d\d-\d\d\.csv$/);
  const file = await readFile(await download.path(), 'utf8');
  expect(file.split('\r\n')).toHaveLength(5);
  expect(file.startsWith('protocol,user,pass,host,port\r\nsocks5,')).toBe(true);

  // The server kept it: another browser (and the API) starts from it.
  await expect
    .poll(async () => (await customer.api('/v1/user/export-settings')).payload.login as unknown)
    .toEqual({ template: TEMPLATE, format: 'csv', protocol: 'socks5' });
  const other = await browser.newContext();
  const second = await other.newPage();
  await customer.signIn(second);
  await generateIsp(second);
  await expect(second.getByRole('textbox', { name: 'Template' })).toHaveValue(TEMPLATE);
  await second.getByRole('radiogroup', { name: 'Format' }).getByText('JSON').click();
  const json = JSON.parse(await second.getByLabel('Proxies', { exact: true }).inputValue()) as object[];
  expect(json).toHaveLength(3);
  expect(Object.keys(json[0]!)).toEqual(['protocol', 'user', 'pass', 'host', 'port']);
  await second.getByRole('button', { name: 'Copy proxies' }).click();
  await expect
    .poll(async () => (await customer.api('/v1/user/export-settings')).payload.login.format as unknown)
    .toBe('json');
  await other.close();
});

test('the console lists customer webhook deliveries with the answers, filters them in the URL, re-sends one', async ({
  page,
}) => {
  await operator.visit(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Console navigation' });
  await expect(nav.getByRole('link', { name: 'Provider webhooks', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await nav.getByRole('link', { name: 'Customer webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Customer webhooks', exact: true })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'rexport' })).toBeVisible({ timeout: 20_000 });
  await expect(table.getByText('invoice.paid', { exact: true })).toBeVisible();
  await expect(table.getByText('500', { exact: true })).toBeVisible();
  await expect(table.getByTestId('last-answer')).toContainText('boom: the receiver is down');
  await screenshots(page, 'deliveries');

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'delivered' }).click();
  await expect(page).toHaveURL(/\/admin\/webhook-deliveries\?state=delivered$/);
  await expect(page.getByText('No delivery matches these filters')).toBeVisible();
  await screenshots(page, 'deliveries-empty');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/admin\/webhook-deliveries$/);

  answer = { status: 200, body: 'thanks' };
  await table.getByRole('button', { name: 'Re-send invoice.paid to rexport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-send this delivery' });
  await dialog.getByRole('button', { name: 'Re-send' }).click();
  await expect(dialog.getByText('Give a reason (3 characters or more)')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Receiver back up, asked by the reseller');
  await dialog.getByRole('button', { name: 'Re-send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delivered' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('delivered', { exact: true })).toBeVisible();
  await expect(table.getByText('200', { exact: true })).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByText('Receiver back up, asked by the reseller')).toBeVisible();
  await page.goto('/admin/webhook-deliveries?customer=rexport&event=invoice.paid');
  await expect(page.getByRole('textbox', { name: 'Customer' })).toHaveValue('rexport');
  await expect(table.getByRole('link', { name: 'rexport' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('delivery-cards')).toContainText('invoice.paid');
  await screenshots(page, 'deliveries-delivered');
});
