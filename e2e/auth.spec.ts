import { expect, test, type Page } from '@playwright/test';
import { otpFrom, startSmtpCapture, type SmtpCapture } from '../test-support/smtp.js';
import { startServer, type RunningServer } from './support/server.js';

/** A shop of its own, mailing through a real SMTP capture, with the default proof-of-work captcha. */
const PORT = 3101;
let server: RunningServer;
let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer(PORT, undefined, { SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${PORT}` });
});
test.afterAll(async () => {
  await server.stop();
  await smtp.close();
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

const PASSWORD = 'violet kettle 42 drums';

/** Types the mailed code into the confirm page's six boxes. */
const enterCode = async (page: Page, email: string, after: number) => {
  const code = otpFrom(await smtp.waitFor(email, { after, timeoutMs: 15_000 }));
  await expect(page.getByTestId('confirm-page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
};

const signUp = async (page: Page, username: string, ref?: string) => {
  const email = `${username}@example.com`;
  await page.goto(ref ? `/signup?ref=${ref}` : '/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  const after = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("We've sent OTP on your email. Please verify your email address.")).toBeVisible(
    { timeout: 15_000 },
  );
  await enterCode(page, email, after);
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 15_000 });
  return email;
};

const signIn = async (page: Page, username: string, password = PASSWORD) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test("sign-up → e-mailed code → dashboard with the new account's figures (SPEC.md §4)", async ({ page }) => {
  await signUp(page, 'newcomer');
  await expect(page).toHaveTitle('Dashboard · ProxyDesk');
  await expect(page.getByTestId('stat-total-plans-purchased')).toContainText('0');
  await expect(page.getByTestId('stat-money-spent')).toContainText('0.00');
  await expect(page.getByTestId('stat-pending-activations')).toContainText('N/A');
  // A new account is shown the way to its first plan.
  await expect(page.getByTestId('first-plan').getByRole('link', { name: 'See the plans' })).toHaveAttribute(
    'href',
    '/purchase/datacenter',
  );
  const code = (await page.getByTestId('stat-referral-code').locator('p').nth(1).textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByLabel('Referral link', { exact: true })).toHaveValue(
    `http://127.0.0.1:${PORT}/signup?ref=${code}`,
  );
  await expect(page.getByTestId('profile-card')).toContainText('newcomer@example.com');
  await expect(page.getByTestId('profile-card')).toContainText('Off');

  // The share link prefills the referral code for the next customer.
  await page.context().clearCookies();
  await page.goto(`/signup?ref=${code}`);
  await expect(page.getByLabel('Referral code')).toHaveValue(code);
});

test('settings: two-factor on through its modal with the mailed code (Cancel flips back), then signing in asks for the code', async ({
  page,
}) => {
  await signUp(page, 'careful');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  const twoFactor = page.getByRole('switch', { name: 'Two-Factor Authentication' });
  await twoFactor.click({ force: true });
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(twoFactor).not.toBeChecked();
  await twoFactor.click({ force: true });
  const asked = page.getByRole('dialog');
  await expect(asked).toBeVisible();
  // Turning it on proves the mailed code first (issue #28).
  await expect(asked).toContainText('We e-mail you a code now');
  let after = Date.now();
  await asked.getByRole('button', { name: 'Continue' }).click();
  await expect(asked.getByRole('status')).toContainText('We have sent a code to your e-mail address');
  const code = otpFrom(await smtp.waitFor('careful@example.com', { after, timeoutMs: 15_000 }));
  await asked.getByLabel('Code from your e-mail').fill(code);
  await asked.getByRole('button', { name: 'Continue' }).click();
  await expect(asked).toBeHidden();
  await expect(twoFactor).toBeChecked();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByTestId('sign-in-page')).toBeVisible();
  after = Date.now();
  await signIn(page, 'careful');
  // The code signs in: the page says so, not "verify your email address" (issue #19).
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'sign-in code' })).toBeVisible();
  await expect(page.getByTestId('otp-help')).toContainText('Check your spam folder');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await enterCode(page, 'careful@example.com', after);
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 15_000 });

  // Turning it off asks for the current password in the modal (issue #15).
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click({ force: true });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Enter your current password');
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).not.toBeChecked();
});

test('forgot password → code → new password → signed in; mismatches say so (SPEC.md §5)', async ({
  page,
}) => {
  await signUp(page, 'forgetful');
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill('forgetful@example.com');
  const after = Date.now();
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByTestId('change-password-page')).toBeVisible({ timeout: 15_000 });
  const code = otpFrom(await smtp.waitFor('forgetful@example.com', { after, timeoutMs: 15_000 }));
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByLabel(/^New password/).fill('a brand new secret');
  await page.getByLabel('Confirm new password').fill('another secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords doesn't matched.")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 15_000 });

  await page.context().clearCookies();
  await signIn(page, 'forgetful', 'a brand new secret');
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 15_000 });
});

test('settings: password mismatch message; deactivation signs out and sign-in then says "Account deactivated"', async ({
  page,
}) => {
  await signUp(page, 'leaving');
  await page.goto('/settings');
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByLabel(/^New password/).fill('next secret 123');
  await page.getByLabel('Confirm new password').fill('next secret 124');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("passwords didn't matched.")).toBeVisible();

  // The e-mail change asks for the current password, then for the code sent to the new address.
  await page.getByLabel('New e-mail').fill('left@example.com');
  await page.getByLabel('Current password').fill(PASSWORD);
  const after = Date.now();
  await page.getByRole('button', { name: 'Verify Email' }).click();
  const code = otpFrom(await smtp.waitFor('left@example.com', { after, timeoutMs: 15_000 }));
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Your e-mail address is now left@example.com')).toBeVisible({
    timeout: 15_000,
  });
  expect((await smtp.waitFor('leaving@example.com', { after })).subject).toMatch(/was changed/);
  await expect(page.getByTestId('current-email')).toContainText('left@example.com');

  await page.getByRole('switch', { name: 'Deactivate Account' }).click({ force: true });
  await page.getByRole('dialog').getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  // A page says what happened and how to come back (issue #19), then sign-in.
  await expect(page.getByTestId('deactivated-page')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByTestId('sign-in-page')).toBeVisible({ timeout: 15_000 });
  await signIn(page, 'leaving');
  await expect(page.getByRole('alert')).toContainText('Account deactivated');
});
