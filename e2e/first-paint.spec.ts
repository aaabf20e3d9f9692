import { expect, test, type ConsoleMessage } from '@playwright/test';

/** Issue #18: the logged-out pages are HTML from the server, hydrated without a mismatch. */

test('the sign-in page as HTML, before any script, holds the form', async ({ request }) => {
  const response = await request.get('/');
  const html = await response.text();
  expect(response.headers()['content-type']).toContain('text/html');
  expect(html).toContain('data-prerendered');
  expect(html).toMatch(/<input[^>]*autoComplete="username"/);
  expect(html).toMatch(/<input[^>]*type="password"/);
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Sign in/);
  expect(html).toContain('<title>Sign in · ProxyDesk</title>');
  // The brand placeholders are filled by the server.
  expect(html).not.toContain('__BRAND');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the logged-out pages are drawn from the HTML alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sign-in-page')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByTestId('sign-up-page')).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});

test('hydrates without a warning, the form still, assets sent as brotli', async ({ page }) => {
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message);
  });
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    if (response.url().includes('/assets/'))
      encodings.set(response.url(), response.headers()['content-encoding']);
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      // Shifts right after a key or click are the page answering, not moving under the reader.
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

  for (const path of ['/', '/signup', '/forgot-password']) {
    await page.goto(path, { waitUntil: 'commit' });
    const field = page.getByRole('textbox').first();
    await expect(field).toBeVisible();
    const before = await field.boundingBox();
    // Hydrated: React has taken the server's input as its own, and it has not moved.
    await expect
      .poll(() => field.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    expect(await field.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(
      0.02,
    );
    // The form answers in the browser: its check runs in React's handlers.
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText(/is required|Enter an e-mail|valid e-mail/i).first()).toBeVisible();
  }
  expect(messages.map((m) => m.text())).toEqual([]);

  const scripts = [...encodings].filter(([url]) => url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const [url, encoding] of scripts) expect(encoding, url).toBe('br');
});

test('what a visitor types before the script runs is what the form sends', async ({ page }) => {
  // The scripts wait until the visitor has typed into the server's HTML.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('early-bird');
  await page.getByRole('textbox', { name: 'Password' }).fill('typed before hydration');
  release();
  const field = page.getByLabel('Username');
  await expect
    .poll(() => field.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  const login = page.waitForRequest('**/v1/auth/login', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await login).postDataJSON()).toMatchObject({
    username: 'early-bird',
    password: 'typed before hydration',
  });
  await expect(page.getByText(/is required/i)).toHaveCount(0);
});
