import { expect, test } from '@playwright/test';
import {
  socialSignInEnv,
  startFakeDiscord,
  startFakeGoogle,
  type FakeOAuth,
} from '../test-support/fake-oauth.js';
import { expectHydrated } from './support/hydrated.js';
import { startServer, type RunningServer } from './support/server.js';

/** A script element the page would run from its own text (not the boot data's JSON). */
const INLINE_SCRIPT = /<script(?![^>]*\b(src=|type="application\/json"))[^>]*>/;

/** A shop with Google and Discord pointed at fakes of their OAuth servers on 127.0.0.1. */
const PORT = 3102;
const shop = `http://127.0.0.1:${PORT}`;
let server: RunningServer;
let google: FakeOAuth;
let discord: FakeOAuth;
test.beforeAll(async () => {
  [google, discord] = await Promise.all([startFakeGoogle(), startFakeDiscord()]);
  server = await startServer(PORT, undefined, {
    PUBLIC_URL: shop,
    CAPTCHA_PROVIDER: 'off',
    ...socialSignInEnv(google, discord),
  });
});
test.afterAll(async () => {
  await server.stop();
  await Promise.all([google.close(), discord.close()]);
});
test.use({ baseURL: shop });

test('Continue with Google: consent, back to /google/callback, signed in to a new account (SPEC.md §7)', async ({
  page,
}) => {
  google.setNextUser({ sub: 'g-e2e-1', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('profile-card')).toContainText('ada@example.com');
  await expect(page.getByTestId('profile-card')).toContainText('AdaLovelace');
});

test('Discord sign-in that fails returns to the sign-in page silently; a Google failure shows its detail as a warning (SPEC.md §8)', async ({
  page,
}) => {
  // A callback nobody started: the state does not match, so nothing is sent and the visitor lands on sign-in.
  await page.goto('/discord/callback?code=forged&state=forged');
  await expect(page.getByTestId('sign-in-page')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Google with an unverified e-mail: the server refuses, the sign-in page says why.
  google.setNextUser({ sub: 'g-e2e-2', email: 'unverified@example.com', emailVerified: false, name: 'Nope' });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByTestId('sign-in-page')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toContainText('Your Google account has no verified e-mail address');
});

test('a shop with social sign-in: its buttons come with the sign-in page, which hydrates them without a warning', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<button[^>]*>[\s\S]*Continue with Google[\s\S]*Continue with Discord/);
  // Their chunk is among the page's modules: it is there before the page hydrates (app/guest-screens.ts).
  expect(html).toMatch(/data-modules="[^"]*\/assets\/provider-buttons-[\w-]+\.js/);
  // Drawn in place: no part of the page waits for an inline script, which the CSP would block.
  expect(html).not.toMatch(INLINE_SCRIPT);

  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Continue with Discord' });
  // React has taken the server's button as its own.
  await expectHydrated(button);
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('Continue with Discord signs in, and the same Discord user comes back to the same account', async ({
  page,
}) => {
  const user = { sub: 'd-e2e-1', email: 'gamer@example.com', emailVerified: true, name: 'Gamer' };
  discord.setNextUser(user);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await expect(page.getByTestId('profile-card')).toContainText('gamer@example.com', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  discord.setNextUser(user);
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await expect(page.getByTestId('profile-card')).toContainText('Gamer', { timeout: 15_000 });
});
