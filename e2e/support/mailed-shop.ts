import { test } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp.js';
import { startServer, type RunningServer } from './server.js';

/**
 * A spec's own shop on `port`, started before its tests and stopped after them: its sign-up codes mailed to a
 * capture, no captcha, links built on its own address; `env` adds to that. `url` for `test.use({ baseURL })`;
 * `smtp` and `server` once it runs.
 */
export const useMailedShop = (port: number, env: Record<string, string> = {}) => {
  const url = `http://127.0.0.1:${port}`;
  let smtp: SmtpCapture | undefined;
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer(port, undefined, {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      PUBLIC_URL: url,
      ...env,
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
