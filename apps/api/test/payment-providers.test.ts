import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient, signUp } from '../../../test-support/accounts.js';
import { createTestApp } from '../../../test-support/app.js';
import { usePaymentShop } from '../../../test-support/payment-shop.js';
import { freePort } from '../../../test-support/ports.js';
import { startSmtpCapture } from '../../../test-support/smtp.js';

const shop = usePaymentShop();

const { buy, invoiceRow } = shop;
const plansOf = async (id: string) =>
  shop.t.database.db.select().from(schema.customerPlans).where(eq(schema.customerPlans.invoiceId, id));

describe('payment providers, each against a fake of its API on 127.0.0.1', () => {
  it('lists every method once its provider has keys, and no longer the sandbox', async () => {
    const codes = ((await shop.api.get('/v1/payment_method/read')).body.payload as { code: string }[]).map(
      (m) => m.code,
    );
    expect(codes).toEqual(['stripe', 'crypto', 'coingate', 'paddle', 'balance']);
  });

  it('Stripe: a Checkout Session for the server price; the signed checkout.session.completed pays it once', async () => {
    const { hosted_url: url, invoice_id: id } = await buy('stripe');
    const [session] = [...shop.stripe.sessions.values()].filter((s) => s.session.metadata?.invoice_id === id);
    expect(session).toBeDefined();
    expect(url).toBe(session!.session.url);
    expect(session!.session.amount_total).toBe(Math.round(shop.plan.price * 100));
    expect((await invoiceRow(id)).providerRef).toBe(session!.session.id);

    const forged = await shop.stripe.sendEvent(
      shop.stripe.buildEvent('checkout.session.completed', { ...session!.session, payment_status: 'paid' }),
      {
        secret: 'whsec_not_ours',
      },
    );
    expect(forged.status).toBe(400);
    expect((await invoiceRow(id)).paid).toBe(false);

    expect((await shop.stripe.complete(session!.session.id)).status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(true);
    const event = shop.stripe.events.at(-1)!;
    expect((await shop.stripe.sendEvent(event)).status).toBe(200);
    expect(await plansOf(id)).toHaveLength(1);
  });

  it('Paddle: a transaction whose checkout URL is the overlay; the signed transaction.completed pays it', async () => {
    const { hosted_url: url, invoice_id: id } = await buy('paddle');
    const [record] = [...shop.paddle.transactions.values()].filter(
      (r) => r.transaction.custom_data?.invoice_id === id,
    );
    expect(url).toBe(record!.transaction.checkout?.url);
    expect(record!.transaction.details.totals.grand_total).toBe(String(Math.round(shop.plan.price * 100)));

    const stale = await shop.paddle.sendEvent(
      shop.paddle.buildEvent('transaction.completed', { ...record!.transaction, status: 'completed' }),
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    expect(stale.status).toBe(400);
    expect((await invoiceRow(id)).paid).toBe(false);

    expect((await shop.paddle.complete(record!.transaction.id)).status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(true);
    expect(await plansOf(id)).toHaveLength(1);
  });

  it('CoinGate (crypto and coingate): an order; a callback is believed only when the order, fetched back, says paid', async () => {
    const crypto = await buy('crypto');
    const order = [...shop.coinGate.orders.values()].find((o) => o.order.order_id === crypto.invoice_id)!;
    expect(crypto.hosted_url).toBe(order.order.payment_url);

    // A callback that claims "paid" while CoinGate says the order is new: recorded, nothing provisioned.
    const premature = await shop.coinGate.sendCallback(order.order.id, {
      ...shop.coinGate.callbackFields(order.order.id),
      status: 'paid',
    });
    expect(premature.status).toBe(200);
    expect((await invoiceRow(crypto.invoice_id)).paid).toBe(false);
    // Without our order token it is not even looked at.
    const forged = await shop.coinGate.sendCallback(order.order.id, {
      ...shop.coinGate.callbackFields(order.order.id),
      status: 'paid',
      token: 'guess',
    });
    expect(forged.status).toBe(400);

    expect((await shop.coinGate.complete(order.order.id)).status).toBe(200);
    expect((await invoiceRow(crypto.invoice_id)).paid).toBe(true);
    expect((await shop.coinGate.complete(order.order.id)).status).toBe(200);
    expect(await plansOf(crypto.invoice_id)).toHaveLength(1);

    const viaCoinGate = await buy('coingate');
    const second = [...shop.coinGate.orders.values()].find(
      (o) => o.order.order_id === viaCoinGate.invoice_id,
    )!;
    await shop.coinGate.complete(second.order.id);
    expect((await invoiceRow(viaCoinGate.invoice_id)).paid).toBe(true);
  });
});

describe('a provider that does not answer', () => {
  it('gets the customer a 502 with what to do, and leaves no invoice nobody could pay', async () => {
    const mailbox = await startSmtpCapture();
    const down = await createTestApp({
      env: {
        SMTP_URL: mailbox.url,
        CAPTCHA_PROVIDER: 'off',
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
        STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
      },
    });
    try {
      const client = apiClient(down.app);
      const customer = await signUp(client, mailbox, { username: 'stranded', email: 'stranded@example.com' });
      await client.post(
        '/v1/billing/create',
        { first_name: 'S', last_name: 'T', address: 'A', city: 'B', zip: 'C', country: 'Spain' },
        { token: customer },
      );
      const answer = await client.post(
        '/v1/invoice/create',
        { payment_method: 'stripe', plan: shop.plan.id },
        { token: customer },
      );
      expect(answer).toEqual({
        status: 502,
        body: { detail: 'The payment provider did not answer: try again, or choose another payment method' },
      });
      expect((await client.get('/v1/invoice/read', { token: customer })).body.count).toBe(0);
    } finally {
      await down.close();
      await mailbox.close();
    }
  });
});
