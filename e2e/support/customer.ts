import type { Page } from '@playwright/test';
import { PASSWORD } from '../../test-support/accounts.js';
import { otpFrom, type SmtpCapture } from '../../test-support/smtp.js';

/**
 * A customer of the shop at `shop` driven through its API, for the browser tests' set-up: sign up with the
 * mailed code, billing details, plans bought and paid on the sandbox page.
 */
export const shopCustomer = (shop: string) => {
  let token = '';
  let name = '';
  let email = '';
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(shop + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { payload: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  /** Presses Pay on the sandbox gateway's page of an invoice. */
  const payOnSandbox = (hostedUrl: string) =>
    fetch(new URL(hostedUrl).pathname.replace(/^/, shop), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
  const customer = {
    api,
    token: () => token,
    /** Signs a page's browser in as this customer: the session cookie the shop sets at sign-in. */
    signIn: (page: Page) => page.context().addCookies([{ name: 'token', value: token, url: shop }]),
    /** Opens `path` on a page signed in as this customer. */
    visit: async (page: Page, path: string) => {
      await customer.signIn(page);
      await page.goto(path);
    },
    /** Signs up with the mailed code, answering the session token; the calls after it use it. */
    signUp: async (smtp: SmtpCapture, username: string) => {
      name = username;
      email = `${username}@example.com`;
      const after = Date.now();
      await api('/v1/auth/signup', { username, email, password: PASSWORD });
      const otp = otpFrom(await smtp.waitFor(email, { after, timeoutMs: 30_000 }));
      token = (await api('/v1/auth/confirm-email', { email, otp })).payload.token as string;
      return token;
    },
    /** Turns two-factor on as Settings does: the first call mails a code, the second sends it (issue #28). */
    turnOnTwoFactor: async (smtp: SmtpCapture) => {
      const after = Date.now();
      await api('/v1/auth/two-factor/true', {});
      const otp = otpFrom(await smtp.waitFor(email, { after, timeoutMs: 30_000 }));
      return (await api('/v1/auth/two-factor/true', { otp })).payload as { is_2fa: boolean };
    },
    /**
     * Signs in again with the password and the mailed sign-in code (two-factor on), as staff do before the
     * console opens (issue #28); the calls after it use the new session.
     */
    signInWithCode: async (smtp: SmtpCapture) => {
      const after = Date.now();
      await api('/v1/auth/login', { username: name, password: PASSWORD });
      const otp = otpFrom(await smtp.waitFor(email, { after, timeoutMs: 30_000 }));
      token = (await api('/v1/auth/confirm-email', { email, otp })).payload.token as string;
      return token;
    },
    /** Billing details, which a checkout asks for first. */
    addBilling: (country = 'Austria') =>
      api('/v1/billing/create', {
        first_name: 'A',
        last_name: 'B',
        address: 'C',
        city: 'D',
        zip: 'E',
        country,
      }),
    /** Buys the first plan of a product and pays it the way the sandbox page does. */
    buyPaid: async (type: string) => {
      const plans = (await api('/v1/plan/read')).payload as { id: number; type: string }[];
      const { payload } = await api('/v1/invoice/create', {
        payment_method: 'sandbox',
        plan: plans.find((p) => p.type === type)!.id,
      });
      await payOnSandbox(payload.hosted_url as string);
    },
    /** Signs up and adds billing details (the default country), ready to buy. */
    signUpWithBilling: async (smtp: SmtpCapture, username: string) => {
      await customer.signUp(smtp, username);
      await customer.addBilling();
      return token;
    },
    /** Signs up, adds billing details, and buys and pays a plan of each product given, in order. */
    signUpBuying: async (smtp: SmtpCapture, username: string, ...types: string[]) => {
      await customer.signUpWithBilling(smtp, username);
      for (const type of types) await customer.buyPaid(type);
      return token;
    },
    /** Turns two-factor on and signs in again with the mailed code, as staff do before the console opens. */
    signInWithTwoFactor: async (smtp: SmtpCapture) => {
      const { is_2fa } = await customer.turnOnTwoFactor(smtp);
      if (!is_2fa) throw new Error(`two-factor did not turn on for ${name}`);
      return customer.signInWithCode(smtp);
    },
    /** A reseller's balance top-up, paid on the sandbox page. */
    topUp: async (amount: number) => {
      const { payload } = await api('/v1/invoice/create-balance-invoice', {
        payment_method: 'sandbox',
        amount,
      });
      await payOnSandbox(payload.hosted_url as string);
    },
  };
  return customer;
};
