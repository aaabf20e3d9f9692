import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signPayload } from '../src/modules/payments/signature.js';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

/** A correctly signed provider event is checked against its invoice before provisioning (issue #15, ADR 005). */

const SANDBOX_SECRET = 'sandbox-secret-for-payment-checks';
const shop = usePaymentShop({ SANDBOX_PAYMENTS: 'true', SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });

const buy = async (paymentMethod: string) => (await shop.buy(paymentMethod)).invoice_id;
const priceCents = () => Math.round(shop.plan.price * 100);
const { invoiceRow } = shop;
const eventsOf = (id: string) =>
  shop.t.database.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.invoiceId, id));
const plansOf = (id: string) =>
  shop.t.database.db.select().from(schema.customerPlans).where(eq(schema.customerPlans.invoiceId, id));
const stripeSessionOf = (id: string) =>
  [...shop.stripe.sessions.values()].find((s) => s.session.metadata?.invoice_id === id)!.session;

/** The invoice stays unpaid and unprovisioned, its event is kept, and the operator is told why. */
const expectRefused = async (id: string, flag: string) => {
  const row = await invoiceRow(id);
  expect(row).toMatchObject({ paid: false, flag });
  expect(await eventsOf(id)).toHaveLength(1);
  expect(await plansOf(id)).toHaveLength(0);
};

describe('a signed payment event that does not match its invoice is recorded and flagged, not provisioned', () => {
  it('Stripe: less than the price', async () => {
    const id = await buy('stripe');
    const session = stripeSessionOf(id);
    const answer = await shop.stripe.sendEvent(
      shop.stripe.buildEvent('checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        amount_total: 100,
      }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ detail: 'mismatch' });
    await expectRefused(id, `paid 1 of ${shop.plan.price} EUR`);

    // The real payment, when it comes, still pays it; the flag stays for the operator.
    expect((await shop.stripe.complete(session.id)).status).toBe(200);
    expect(await invoiceRow(id)).toMatchObject({ paid: true, flag: `paid 1 of ${shop.plan.price} EUR` });
    expect(await plansOf(id)).toHaveLength(1);
  });

  it('Stripe: another currency', async () => {
    const id = await buy('stripe');
    await shop.stripe.sendEvent(
      shop.stripe.buildEvent('checkout.session.completed', {
        ...stripeSessionOf(id),
        status: 'complete',
        payment_status: 'paid',
        currency: 'usd',
        amount_total: priceCents() * 10,
      }),
    );
    await expectRefused(id, 'paid in usd, not in EUR');
  });

  it("Paddle: an event naming another provider's invoice", async () => {
    const id = await buy('stripe');
    const other = await buy('paddle');
    const [record] = [...shop.paddle.transactions.values()].filter(
      (r) => r.transaction.custom_data?.invoice_id === other,
    );
    const answer = await shop.paddle.sendEvent(
      shop.paddle.buildEvent('transaction.completed', {
        ...record!.transaction,
        status: 'completed',
        custom_data: { invoice_id: id },
      }),
    );
    expect(answer.status).toBe(200);
    await expectRefused(id, 'paid through paddle, but the invoice was made for stripe');
    expect((await invoiceRow(other)).paid).toBe(false);
  });

  it('sandbox: a signed sandbox event cannot pay a Stripe invoice', async () => {
    const id = await buy('stripe');
    const body = JSON.stringify({
      id: 'sbx_evt_cross',
      type: 'payment.succeeded',
      invoice_id: id,
      amount_cents: priceCents(),
      currency: 'EUR',
    });
    const answer = await shop.t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(SANDBOX_SECRET, body) },
    });
    expect(answer.json()).toEqual({ detail: 'mismatch' });
    await expectRefused(id, 'paid through sandbox, but the invoice was made for stripe');
  });

  it('CoinGate: an order that CoinGate says was for less', async () => {
    const id = await buy('crypto');
    const order = [...shop.coinGate.orders.values()].find((o) => o.order.order_id === id)!;
    order.order.price_amount = '0.5';
    expect((await shop.coinGate.complete(order.order.id)).status).toBe(200);
    await expectRefused(id, `paid 0.5 of ${shop.plan.price} EUR`);
  });

  it('the matching payment of each provider pays (the check lets the genuine ones through)', async () => {
    const viaPaddle = await buy('paddle');
    const [record] = [...shop.paddle.transactions.values()].filter(
      (r) => r.transaction.custom_data?.invoice_id === viaPaddle,
    );
    await shop.paddle.complete(record!.transaction.id);
    const viaCoinGate = await buy('coingate');
    const order = [...shop.coinGate.orders.values()].find((o) => o.order.order_id === viaCoinGate)!;
    await shop.coinGate.complete(order.order.id);
    for (const id of [viaPaddle, viaCoinGate])
      expect(await invoiceRow(id)).toMatchObject({ paid: true, flag: null });
  });
});
