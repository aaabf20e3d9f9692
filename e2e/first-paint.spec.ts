import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { expectHydrated } from './support/hydrated.js';

/** Issue #18: the logged-out pages are HTML from the server, hydrated without a mismatch. */

/** Holds the app's modules until `release()`: the page is the server's HTML alone until then. */
const holdModules = async (page: Page) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
};

/** React has taken the sign-in form's field over. */
const hydrated = (page: Page) => expectHydrated(page.getByLabel('Username'));

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

test('the confirm page as HTML holds its six boxes and button, not the address', async ({ request }) => {
  const response = await request.get('/confirm-authentication');
  const html = await response.text();
  expect(html).toContain('data-prerendered');
  expect(html.match(/<input[^>]*aria-label="Digit \d of 6"/g)).toHaveLength(6);
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Confirm/);
  expect(html).toContain('<title>Confirm your e-mail · ProxyDesk</title>');
  // The address lives in the visitor's browser: the build cannot know it.
  expect(html).not.toContain('@example.com');
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
    await page.goto('/confirm-authentication');
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
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
  // The address a code went to, as sign-up or sign-in leave it for the confirm page.
  await page.addInitScript(() => localStorage.setItem('email', 'early@example.com'));
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

  for (const path of ['/', '/signup', '/forgot-password', '/confirm-authentication']) {
    await page.goto(path, { waitUntil: 'commit' });
    const field = page.getByRole('textbox').first();
    await expect(field).toBeVisible();
    const drawn = await field.elementHandle();
    const before = await drawn.boundingBox();
    // Hydrated: React has taken the server's input as its own (the same element, never drawn again), and it
    // has not moved.
    await expectHydrated(field);
    expect(await drawn.evaluate((el) => el.isConnected)).toBe(true);
    expect(await field.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(
      0.02,
    );
    // The form answers in the browser: its check runs in React's handlers.
    await page.locator('button[type="submit"]').click();
    await expect(
      page.getByText(/is required|Enter an e-mail|valid e-mail|Enter the 6-digit code/i).first(),
    ).toBeVisible();
  }
  // Hydrated, the confirm page names the address from this browser's storage.
  await expect(page.getByText('Code sent to early@example.com')).toBeVisible();
  expect(messages.map((m) => m.text())).toEqual([]);

  const scripts = [...encodings].filter(([url]) => url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const [url, encoding] of scripts) expect(encoding, url).toBe('br');
});

test('the confirm page without an address to confirm goes back to sign-in', async ({ page }) => {
  await page.goto('/confirm-authentication');
  await expect(page.getByTestId('sign-in-page')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('what a visitor types before the script runs is what the form sends', async ({ page }) => {
  // The scripts wait until the visitor has typed into the server's HTML.
  const release = await holdModules(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('early-bird');
  await page.getByRole('textbox', { name: 'Password' }).fill('typed before hydration');
  release();
  await hydrated(page);
  const login = page.waitForRequest('**/v1/auth/login', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await login).postDataJSON()).toMatchObject({
    username: 'early-bird',
    password: 'typed before hydration',
  });
  await expect(page.getByText(/is required/i)).toHaveCount(0);
});

test.describe('modules after the first paint (ADR 012)', () => {
  test('a logged-out page asks for its modules only once it is painted', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    // No module in the HTML for the browser to fetch beside the stylesheet: public/start.js names them.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html).toMatch(
      /<script src="\/start\.js" data-modules="\/assets\/index-[\w-]+\.js [^"]+"><\/script>/,
    );
    expect(html).toContain('data-screen="sign-in"');

    await page.goto('/');
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      modules: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(timing.painted).toBeGreaterThan(0);
    expect(timing.modules.length).toBeGreaterThan(0);
    for (const start of timing.modules) expect(start).toBeGreaterThanOrEqual(timing.painted!);
  });

  test('a click before the modules is kept: the theme turns at once, the form is checked once they come', async ({
    page,
  }) => {
    let calls = 0;
    page.on('request', (r) => r.url().includes('/v1/auth/login') && (calls += 1));
    await page.emulateMedia({ colorScheme: 'light' });
    const release = await holdModules(page);
    await page.goto('/', { waitUntil: 'commit' });
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');

    // Held, not sent as a plain HTML form (which would reload the page at /?).
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toHaveCount(0);
    expect(page.url()).not.toContain('?');

    release();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(calls).toBe(0);
    // Once live, the toggle is React's, and the choice made early is where it started from.
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('Enter pressed before the modules sends what was typed, once they come', async ({ page }) => {
    const release = await holdModules(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('early-enter');
    const password = page.getByRole('textbox', { name: 'Password' });
    await password.fill('sent with enter');
    await password.press('Enter');
    expect(page.url()).not.toContain('?');

    const login = page.waitForRequest('**/v1/auth/login', { timeout: 15_000 });
    release();
    await hydrated(page);
    expect((await login).postDataJSON()).toMatchObject({
      username: 'early-enter',
      password: 'sent with enter',
    });
  });
});
