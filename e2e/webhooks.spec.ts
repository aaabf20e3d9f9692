import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';
import { screenshots } from './support/screenshots.js';
import { admin } from './support/server.js';

/**
 * A reseller's webhooks in Settings (issue #32 item 3): an endpoint added with its events, the signing secret
 * shown once, a paid top-up delivered to a receiver and listed with its answer, resent from the list.
 */
const PORT = 3161;
const shop = useMailedShop(PORT);
let receiver: Server;
let receiverUrl: string;
const bodies: string[] = [];
const reseller = shopCustomer(shop.url);

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await reseller.signUp(shop.smtp, 'hooks');
  await reseller.addBilling();
  admin(shop.server.dataDir, 'reseller', 'hooks', 'on');
});
test.afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});
test.use({ baseURL: shop.url });

test('a reseller adds a webhook, keeps its secret, and sees a paid top-up delivered', async ({ page }) => {
  await reseller.visit(page, '/settings');
  const card = page.getByTestId('webhooks-card');
  await expect(card.getByText('No endpoints yet')).toBeVisible();
  await expect(card.getByText('Nothing sent yet.')).toBeVisible();

  // The form checks what the server checks again.
  await card.getByLabel('Endpoint URL').fill('not a url');
  await card.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(card.getByText('Enter a full URL')).toBeVisible();

  await card.getByLabel('Endpoint URL').fill(receiverUrl);
  await card.getByLabel(/A plan ends in 3 days/).check();
  await card.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = card.getByRole('textbox', { name: 'Signing secret' });
  await expect(secret).toHaveValue(/^whsec_/);
  await expect(card.getByText(receiverUrl, { exact: true })).toBeVisible();
  await expect(card.getByText('plan.expiring', { exact: true })).toBeVisible();

  await reseller.topUp(25);
  const deliveries = card.getByTestId('webhook-deliveries');
  await expect(deliveries.getByText('invoice.paid', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(deliveries.getByText(/delivered · 1 try/)).toBeVisible({ timeout: 20_000 });
  expect(bodies.some((body) => body.includes('"type":"invoice.paid"'))).toBe(true);
  await screenshots(page, 'webhooks-card');

  await deliveries.getByRole('button', { name: 'Resend' }).click();
  await expect(deliveries.getByText(/delivered · 2 tries/)).toBeVisible();

  // Off, then removed after a confirmation.
  // Off from the keyboard (Mantine's track covers the input for a pointer).
  const enabled = card.getByRole('switch', { name: `Send to ${receiverUrl}` });
  await enabled.focus();
  await page.keyboard.press('Space');
  await expect(enabled).not.toBeChecked();
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: `Remove ${receiverUrl}` }).click();
  await expect(card.getByText('No endpoints yet')).toBeVisible();
});
