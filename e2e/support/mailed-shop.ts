import { expect, test } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp.js';
import { shopCustomer } from './customer.js';
import { admin, startServer, type RunningServer } from './server.js';

/**
 * A spec's own shop on `port`, started before its tests and stopped after them: its sign-up codes mailed to a
 * capture, no captcha, links built on its own address; `env` adds to that (a function: read when the shop starts,
 * for values that a spec's own `beforeAll`, written before this call, finds). `url` for `test.use({ baseURL })`;
 * `smtp` and `server` once it runs.
 */
export const useMailedShop = (
  port: number,
  env: Record<string, string> | (() => Record<string, string>) = {},
) => {
  const url = `http://127.0.0.1:${port}`;
  let smtp: SmtpCapture | undefined;
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer(port, undefined, {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      PUBLIC_URL: url,
      ...(typeof env === 'function' ? env() : env),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  return {
    url,
    get smtp() {
      if (!smtp) throw new Error('the shop is not started yet: use it in a hook or a test');
      return smtp;
    },
    get server() {
      if (!server) throw new Error('the shop is not started yet: use it in a hook or a test');
      return server;
    },
  };
};

export type MailedShop = ReturnType<typeof useMailedShop>;

/**
 * Signs `who` up as `name`, makes them an operator with the CLI (while the shop runs) and signs them in with
 * two-factor, as the console asks (issue #28): the session's token.
 */
export const signUpOperator = async (
  shop: MailedShop,
  who: ReturnType<typeof shopCustomer>,
  name: string,
) => {
  await who.signUp(shop.smtp, name);
  expect(admin(shop.server.dataDir, 'operator', name, 'on')).toContain(`${name}: customer → operator`);
  return who.signInWithTwoFactor(shop.smtp);
};

/** A new customer of `shop`, signed up as `name` with the mailed code (no billing details yet). */
export const signUpCustomer = async (shop: MailedShop, name: string) => {
  const customer = shopCustomer(shop.url);
  await customer.signUp(shop.smtp, name);
  return customer;
};
