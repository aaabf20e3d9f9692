import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { otpFrom } from '../test-support/smtp.js';
import { shopCustomer } from './support/customer.js';
import { expectHydrated } from './support/hydrated.js';
import { useMailedShop } from './support/mailed-shop.js';
import { screenshots as save } from './support/screenshots.js';

const screenshots = (page: Page, name: string) => save(page, `journey-pricing-${name}`);

/**
 * Issue #33 items 1 and 2: a visitor prices every product before signing up, then Buy → sign-up → back to that
 * plan, its checkout open; a customer who signs in from /pricing comes back to the plan too.
 */
const PORT = 3133;
const PASSWORD = 'violet kettle 42 drums';
const shop = useMailedShop(PORT);
test.use({ baseURL: shop.url });
test.describe.configure({ timeout: 150_000 });

interface Plan {
  id: number;
  type: string;
  name: string;
  price: number;
  data: number | null;
  add_gb_price: number | null;
}
const euro = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Products' }).getByRole('tab', { name, exact: true });

test('/pricing is a public page drawn at build time, with a title, a description and a canonical address', async ({
  request,
}) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).toContain('data-prerendered="page"');
  expect(html).toContain('<title>Pricing · ProxyDesk</title>');
  expect(html).toMatch(/<meta name="description" content="ProxyDesk prices in euro: [^"]+">/);
  expect(html).toContain(`<link rel="canonical" href="${shop.url}/pricing">`);
  // Its tabs are in the HTML: every product, named once.
  for (const name of ['Residential', 'Premium Residential', 'ISP', 'Datacenter', 'IPv6'])
    expect(html).toMatch(new RegExp(`role="tab"[^>]*>(<[^>]+>)*${name}<`));
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${shop.url}/pricing</loc>`);
});

test('a visitor prices every product before signing up, then Buy → sign-up → back to that plan', async ({
  page,
  request,
}) => {
  const plans = ((await (await request.get('/v1/plan/read')).json()) as { payload: Plan[] }).payload;
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message);
  });

  await page.goto('/pricing');
  await expectHydrated(tab(page, 'Residential'));
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Pricing · ProxyDesk');
  const cards = page.getByTestId('plan-card');

  // Residential: the GB slider prices what is chosen (SPEC.md §9).
  const residential = plans.filter((p) => p.type === 'PR_3').sort((a, b) => a.price - b.price);
  await expect(cards).toHaveCount(residential.length);
  const day = cards.nth(1);
  await expect(day).toContainText(euro.format(residential[1]!.price));
  await day.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await expect(day).toContainText(`${residential[1]!.data! + 50} GB`);
  await expect(day).toContainText(euro.format(residential[1]!.price + residential[1]!.add_gb_price!));
  await screenshots(page, 'residential');

  // Premium Residential and ISP: per-GB plans, price × GB on the card; "Premium" is Premium Residential only.
  for (const [name, type] of [
    ['Premium Residential', 'PR_6'],
    ['ISP', 'PR_2'],
  ] as const) {
    await tab(page, name).click();
    await expect(page).toHaveURL(new RegExp(`product=${name === 'ISP' ? 'isp' : 'premium-residential'}`));
    const mine = plans.filter((p) => p.type === type);
    await expect(cards).toHaveCount(mine.length);
    for (const plan of mine) {
      const card = cards.filter({ hasText: plan.name });
      await expect(card).toContainText(euro.format(Math.round(plan.price * plan.data! * 100) / 100));
      await expect(card).toContainText(`${euro.format(plan.price)} per GB`);
    }
  }
  await screenshots(page, 'isp');

  // Datacenter and IPv6: the plans and the custom plan, priced live.
  for (const [name, type] of [
    ['IPv6', 'PR_5'],
    ['Datacenter', 'PR_4'],
  ] as const) {
    await tab(page, name).click();
    const mine = plans.filter((p) => p.type === type);
    await expect(cards).toHaveCount(mine.length);
    for (const plan of mine)
      await expect(cards.filter({ hasText: plan.name })).toContainText(euro.format(plan.price));
    await expect(page.getByTestId('custom-plan-price')).toHaveText(/€/);
  }
  await page.getByLabel('IPs').fill('2');
  const customPrice = await page.getByTestId('custom-plan-price').textContent();
  await screenshots(page, 'datacenter');
  // Nothing wider than a phone, on any tab.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(messages.map((m) => m.text())).toEqual([]);

  // Buy Now on a plan: sign-up, carrying the plan.
  const plan = plans.find((p) => p.type === 'PR_4' && p.name.includes('25'))!;
  await cards.filter({ hasText: plan.name }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/pricing?product=datacenter&plan=${plan.id}`);
  await expect(page.getByTestId('sign-up-page')).toBeVisible();
  // The sign-in link carries it on too.
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    `/?next=${encodeURIComponent(`/pricing?product=datacenter&plan=${plan.id}`)}`,
  );
  await page.getByLabel('Username').fill('pricewatcher');
  await page.getByLabel('E-mail').fill('pricewatcher@example.com');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  const after = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = otpFrom(await shop.smtp.waitFor('pricewatcher@example.com', { after, timeoutMs: 30_000 }));
  await expect(page.getByTestId('confirm-page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);

  // Back on /pricing, signed in, on that product, with that plan's checkout open.
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toBeVisible({ timeout: 30_000 });
  await expect(checkout).toContainText(plan.name);
  await expect(checkout).toContainText(euro.format(plan.price));
  await expect(page).toHaveURL(/\/pricing\?product=datacenter$/);
  await expect(tab(page, 'Datacenter')).toHaveAttribute('aria-selected', 'true');
  await screenshots(page, 'back-to-plan');
  // Closed, it stays closed: the address no longer names the plan.
  await checkout.getByRole('button', { name: 'Close' }).click();
  await expect(checkout).toBeHidden();

  // The custom plan's choice comes back the same way, days and IPs kept.
  await page.goto('/pricing?product=datacenter&custom=7x2');
  await expect(checkout).toContainText('Custom Datacenter: 2 IPs, 7 days');
  await expect(checkout).toContainText(customPrice!);
});

test('a customer who signs in from /pricing comes back to the residential plan and GB chosen', async ({
  page,
  request,
}) => {
  const plans = ((await (await request.get('/v1/plan/read')).json()) as { payload: Plan[] }).payload;
  const walker = shopCustomer(shop.url);
  await walker.signUp(shop.smtp, 'returning');
  const plan = plans.filter((p) => p.type === 'PR_3').sort((a, b) => a.price - b.price)[1]!;

  await page.goto('/pricing');
  const card = page.getByTestId('plan-card').nth(1);
  await expectHydrated(card.getByRole('slider'));
  await card.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByTestId('sign-up-page')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/\?next=%2Fpricing%3Fproduct%3Dresidential%26plan%3D\d+%26gb%3D\d+$/);
  await expect(page.getByTestId('sign-in-page')).toBeVisible();
  await page.getByLabel('Username').fill('returning');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toContainText(`${plan.name}, ${plan.data! + 50} GB`, { timeout: 30_000 });
  await expect(checkout).toContainText(euro.format(plan.price + plan.add_gb_price!));
});

test('a next address of another site is not followed after sign-in', async ({ page }) => {
  const walker = shopCustomer(shop.url);
  await walker.signUp(shop.smtp, 'wary');
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/pricing')}`);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await page.getByLabel('Username').fill('wary');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${shop.url}/`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
