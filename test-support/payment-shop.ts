import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient, signUp, type ApiClient } from './accounts.js';
import { createTestApp, type TestApp } from './app.js';
import { startFakeCoinGate, type FakeCoinGate } from './fake-coingate.js';
import { startFakePaddle, type FakePaddle } from './fake-paddle.js';
import { startFakeStripe, type FakeStripe } from './fake-stripe.js';
import { freePort } from './ports.js';
import { planBoughtBy } from './shop-customers.js';
import { startSmtpCapture, type SmtpCapture } from './smtp.js';

export interface PaymentShop {
  t: TestApp;
  smtp: SmtpCapture;
  stripe: FakeStripe;
  paddle: FakePaddle;
  coinGate: FakeCoinGate;
  api: ApiClient;
  /** A signed-in customer with billing details. */
  token: string;
  /** The datacenter plan they buy. */
  plan: Plan;
  /** The customer buys the plan with this payment method: the new invoice and its provider's page. */
  buy: (paymentMethod: string) => Promise<{ hosted_url: string; invoice_id: string }>;
  /**
   * The customer pays with Stripe: `body` (with `payment_method: 'stripe'`) posted to `path`, the plan by default
   * as a new invoice, and its checkout completed at the fake. The invoice's id and its checkout session's.
   */
  payWithStripe: (body?: object, path?: string) => Promise<{ invoiceId: string; sessionId: string }>;
  /** An invoice's row in the database. */
  invoiceRow: (id: string) => Promise<typeof schema.invoices.$inferSelect>;
  /** The plan an invoice bought: its row in the database. */
  planOf: (invoiceId: string) => Promise<typeof schema.customerPlans.$inferSelect>;
}

/**
 * The set-up of a test file about payment providers: the app listening on 127.0.0.1 with Stripe, Paddle and
 * CoinGate pointed at their fakes (and `env` on top), webhooks registered, and one customer ready to buy.
 */
export const usePaymentShop = (env: Record<string, string> = {}) => {
  const shop = {
    buy: async (paymentMethod: string) => {
      const answer = await shop.api.post(
        '/v1/invoice/create',
        { payment_method: paymentMethod, plan: shop.plan.id },
        { token: shop.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.payload as { hosted_url: string; invoice_id: string };
    },
    payWithStripe: async (body = { plan: shop.plan.id }, path = '/v1/invoice/create') => {
      const answer = await shop.api.post(path, { payment_method: 'stripe', ...body }, { token: shop.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const invoiceId = (answer.body.payload as { invoice_id: string }).invoice_id;
      const session = [...shop.stripe.sessions.values()].find(
        (s) => s.session.metadata.invoice_id === invoiceId,
      )!;
      expect((await shop.stripe.complete(session.session.id)).status).toBe(200);
      return { invoiceId, sessionId: session.session.id };
    },
    planOf: (invoiceId: string) => planBoughtBy(shop.t.database.db, invoiceId),
    invoiceRow: async (id: string) =>
      (await shop.t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!,
  } as PaymentShop;
  beforeAll(async () => {
    [shop.smtp, shop.stripe, shop.paddle, shop.coinGate] = await Promise.all([
      startSmtpCapture(),
      startFakeStripe(),
      startFakePaddle(),
      startFakeCoinGate(),
    ]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    shop.t = await createTestApp({
      env: {
        SMTP_URL: shop.smtp.url,
        CAPTCHA_PROVIDER: 'off',
        PUBLIC_URL: url,
        STRIPE_SECRET_KEY: shop.stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: shop.stripe.webhookSecret,
        STRIPE_API_BASE: shop.stripe.url,
        PADDLE_API_KEY: shop.paddle.apiKey,
        PADDLE_WEBHOOK_SECRET: shop.paddle.webhookSecret,
        PADDLE_API_BASE: shop.paddle.url,
        COINGATE_API_TOKEN: shop.coinGate.apiToken,
        COINGATE_API_BASE: shop.coinGate.url,
        ...env,
      },
    });
    await shop.t.app.listen({ host: '127.0.0.1', port });
    shop.stripe.setWebhook(`${url}/v1/webhooks/stripe`);
    shop.paddle.setWebhook(`${url}/v1/webhooks/paddle`);
    shop.api = apiClient(shop.t.app);
    shop.token = await signUp(shop.api, shop.smtp, { username: 'payer', email: 'payer@example.com' });
    await shop.api.post(
      '/v1/billing/create',
      { first_name: 'P', last_name: 'Q', address: 'A', city: 'B', zip: 'C', country: 'Spain' },
      { token: shop.token },
    );
    shop.plan = ((await shop.api.get('/v1/plan/read')).body.payload as Plan[]).find(
      (p) => p.type === 'PR_4',
    )!;
  });
  afterAll(async () => {
    await shop.t?.close();
    await Promise.all([
      shop.smtp?.close(),
      shop.stripe?.close(),
      shop.paddle?.close(),
      shop.coinGate?.close(),
    ]);
  });
  return shop;
};
