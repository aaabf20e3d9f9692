import { expect, test } from '@playwright/test';
import { violations } from './support/axe.js';
import { shopCustomer } from './support/customer.js';
import { useMailedShop } from './support/mailed-shop.js';

/**
 * Every main screen, in both themes, checked by axe-core against WCAG 2.1 A and AA: no serious or critical
 * violation (labels, names, contrast, ARIA). Colour contrast is computed by axe from what the browser paints.
 */
const PORT = 3107;
const shop = useMailedShop(PORT);
const customer = shopCustomer(shop.url);

const screens = {
  guest: ['/', '/signup', '/forgot-password', '/faqs', '/account-deactivated'],
  customer: [
    '/',
    '/invoices',
    '/settings',
    '/product/datacenter',
    '/product/isp',
    '/product/residential',
    '/purchase/datacenter',
    '/purchase/residential',
    '/pricing',
    '/proxy',
  ],
};

test.beforeAll(async () => {
  await customer.signUpBuying(shop.smtp, 'seen', 'PR_2', 'PR_4');
  // One invoice left Pending too, so both badges are on the invoices page.
  const plans = (await customer.api('/v1/plan/read')).payload as { id: number; type: string }[];
  const pending = await customer.api('/v1/invoice/create', {
    payment_method: 'sandbox',
    plan: plans.find((p) => p.type === 'PR_5')!.id,
  });
  screens.customer.push(`/invoice/${pending.payload.invoice_id as string}`);
});
// axe is injected as a script, which the shop's strict CSP would rightly refuse.
test.use({ baseURL: shop.url, bypassCSP: true });

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen meets WCAG 2.1 AA in the ${theme} theme`, async ({ context, page }) => {
    test.setTimeout(90_000);
    await context.addInitScript(
      (scheme) => localStorage.setItem('mantine-color-scheme-value', scheme),
      theme,
    );
    const problems: string[] = [];
    for (const [who, paths] of Object.entries(screens)) {
      if (who === 'customer') await customer.signIn(page);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await page.waitForLoadState('networkidle');
        // Figures, lists and charts are in: no loader left on the page.
        await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0);
        problems.push(...(await violations(page)).map((line) => `${who} ${path}: ${line}`));
      }
    }
    expect(problems).toEqual([]);
  });
}
