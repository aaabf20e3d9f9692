import { expect, test } from '@playwright/test';

test.describe('root behaviour (SPEC.md §2)', () => {
  test('a visitor without a session gets the sign-in page at once: the maintenance answer comes with the page', async ({
    page,
  }) => {
    let asked = 0;
    page.on('request', (r) => r.url().includes('/v1/maintenance/read') && (asked += 1));
    await page.goto('/');
    await expect(page.getByTestId('sign-in-page')).toBeVisible();
    await expect(page.getByTestId('loading-screen')).toHaveCount(0);
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect(page).toHaveTitle('Sign in · ProxyDesk');
    expect(asked).toBe(0);
  });

  test('with a session, shows the loading screen until the login check finishes', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'token', value: 'not-a-session', url: baseURL! }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/auth/access', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('loading-screen')).toBeVisible();
    await expect(page.getByTestId('sign-in-page')).toHaveCount(0);
    release();
    // An unknown token: the client forgets it and starts again as a guest.
    await expect(page.getByTestId('sign-in-page')).toBeVisible();
  });

  test('checks the sign-in form in the browser before calling the server', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => r.url().includes('/v1/auth/login') && (calls += 1));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('offers a way back when the server cannot be reached', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'token', value: 'not-a-session', url: baseURL! }]);
    let fail = true;
    await page.route('**/v1/auth/access', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('Cannot reach the server');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('sign-in-page')).toBeVisible();
  });

  test('a signed-out visit to an app page asks to sign in first, never "Page not found" (issue #19)', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('sign-in-page')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });
});

test.describe('theme (SPEC.md §1)', () => {
  test('the toggle is remembered across a reload, applied before the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Before any module script runs, theme-init.js has already set the remembered scheme.
    const schemes: string[] = [];
    await page.exposeFunction('recordScheme', (s: string) => schemes.push(s));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { recordScheme: (s: string | null) => void }).recordScheme(
          document.documentElement.getAttribute('data-mantine-color-scheme'),
        );
      });
    });
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(schemes).toEqual(['dark']);

    await page.getByTestId('theme-toggle').click();
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});

test.describe('FAQs', () => {
  test('opens an answer from the accordion', async ({ page, request }) => {
    // The shop's own first question, whatever the catalogue says.
    const { payload } = (await (await request.get('/v1/faq/read')).json()) as {
      payload: { question: string; answer: string }[];
    };
    const faq = payload[0]!;
    await page.goto('/');
    await page.getByRole('link', { name: 'Read the FAQs' }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByTestId('faq-list')).toBeVisible();
    const question = page.getByRole('button', { name: faq.question });
    const answer = page.getByText(faq.answer);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(page).toHaveTitle('FAQs · ProxyDesk');
  });
});
