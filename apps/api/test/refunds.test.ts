import { schema } from '@proxydesk/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

const shop = usePaymentShop();

const buy = async (paymentMethod: string) => (await shop.buy(paymentMethod)).invoice_id;
const { invoiceRow, planOf } = shop;
const until = async (condition: () => Promise<boolean>, what: string) => {
  const end = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const paidWithStripe = async () => {
  const { invoiceId, sessionId } = await shop.payWithStripe();
  return { id: invoiceId, sessionId };
};

describe('refunds and chargebacks (issue #16 §6), through each provider fake', () => {
  it('Stripe: a dispute opened flags, a partial refund is recorded, a full one refunds and suspends the plan', async () => {
    const { id, sessionId } = await paidWithStripe();
    expect((await invoiceRow(id)).paymentRef).toMatch(/^pi_/);

    await shop.stripe.dispute(sessionId, 'created');
    expect((await invoiceRow(id)).flag).toContain('payment disputed (fraudulent)');
    await shop.stripe.dispute(sessionId, 'won');
    expect((await planOf(id)).status).toBe('pending');

    expect(await shop.t.app.payments.refundInvoice(id, 100)).toBe('requested');
    await until(async () => (await invoiceRow(id)).refundedCents === 100, 'the partial refund');
    expect((await invoiceRow(id)).refundedAt).toBeNull();
    expect((await planOf(id)).status).toBe('pending');

    expect(await shop.t.app.payments.refundInvoice(id)).toBe('requested');
    await until(async () => (await invoiceRow(id)).refundedAt !== null, 'the full refund');
    const row = await invoiceRow(id);
    expect(row.refundedCents).toBe(row.priceCents);
    expect((await planOf(id)).status).toBe('suspended');
    const read = await shop.api.get(`/v1/invoice/read/${id}`, { token: shop.token });
    expect(read.body.payload.invoice).toMatchObject({ status: true, refunded: true });

    // The same event again, or a refund asked again: nothing more happens.
    const event = shop.stripe.events.findLast((e) => e.type === 'charge.refunded')!;
    expect((await (await shop.stripe.sendEvent(event)).json()) as unknown).toEqual({
      detail: 'duplicate-event',
    });
    await expect(shop.t.app.payments.refundInvoice(id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('Stripe: a lost dispute refunds the invoice and suspends its plan', async () => {
    const { id, sessionId } = await paidWithStripe();
    await shop.stripe.dispute(sessionId, 'created');
    expect((await planOf(id)).status).toBe('pending');
    await shop.stripe.dispute(sessionId, 'lost');
    expect((await invoiceRow(id)).refundedAt).not.toBeNull();
    expect((await planOf(id)).status).toBe('suspended');
  });

  it('Paddle: the refund is an adjustment, applied once Paddle approves it; a chargeback refunds too', async () => {
    const pay = async () => {
      const id = await buy('paddle');
      const record = [...shop.paddle.transactions.values()].find(
        (r) => r.transaction.custom_data?.invoice_id === id,
      )!;
      expect((await shop.paddle.complete(record.transaction.id)).status).toBe(200);
      return { id, transactionId: record.transaction.id };
    };
    const first = await pay();
    expect(await shop.t.app.payments.refundInvoice(first.id)).toBe('requested');
    expect(shop.paddle.adjustments.at(-1)).toMatchObject({
      action: 'refund',
      transaction_id: first.transactionId,
      type: 'full',
    });
    await until(async () => (await invoiceRow(first.id)).refundedAt !== null, 'the approved adjustment');
    expect((await planOf(first.id)).status).toBe('suspended');
    // Created pending (nothing), then approved: refunded once; the approval sent again is a duplicate.
    const approved = shop.paddle.notifications.findLast((n) => n.event_type === 'adjustment.updated')!;
    expect(await (await shop.paddle.sendEvent(approved)).json()).toEqual({ detail: 'duplicate-event' });

    const second = await pay();
    expect((await shop.paddle.chargeback(second.transactionId)).status).toBe(200);
    expect((await invoiceRow(second.id)).refundedAt).not.toBeNull();
    expect((await planOf(second.id)).status).toBe('suspended');
  });

  it('CoinGate: a refunded order, fetched back, refunds its invoice; its refund is made in CoinGate', async () => {
    const id = await buy('crypto');
    const order = [...shop.coinGate.orders.values()].find((r) => r.order.order_id === id)!;
    expect((await shop.coinGate.complete(order.order.id)).status).toBe(200);
    await expect(shop.t.app.payments.refundInvoice(id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await shop.coinGate.refund(order.order.id)).status).toBe(200);
    expect((await invoiceRow(id)).refundedAt).not.toBeNull();
    expect((await planOf(id)).status).toBe('suspended');
  });

  it("Stripe: a top-up's refunds take back what is on the balance; a lost dispute takes what is left and flags the rest (issue #28 §4)", async () => {
    await shop.t.database.db
      .update(schema.users)
      .set({ role: 'reseller' })
      .where(eq(schema.users.email, 'payer@example.com'));
    const balance = async () =>
      (await shop.api.get('/v1/auth/access', { token: shop.token })).body.payload.balance as number;
    const start = await balance();
    const { invoiceId: id, sessionId } = await shop.payWithStripe(
      { amount: 50 },
      '/v1/invoice/create-balance-invoice',
    );
    await buy('balance');
    const spent = Math.round(shop.plan.price * 100);
    expect(await balance()).toBe((Math.round(start * 100) + 5000 - spent) / 100);
    await shop.t.database.db.insert(schema.balanceLedger).values({
      userId: (await invoiceRow(id)).userId,
      amountCents: -Math.round(start * 100),
      reason: 'Reset',
    });
    const left = 5000 - spent;

    // Asking the whole top-up back is refused before Stripe is asked: part of it is spent.
    const asked = shop.stripe.refunds.length;
    await expect(shop.t.app.payments.refundInvoice(id)).rejects.toMatchObject({
      statusCode: 409,
      detail: `At most €${(left / 100).toFixed(2)} of this top-up can be refunded: the rest of it is already spent from the balance`,
    });
    expect(shop.stripe.refunds).toHaveLength(asked);

    expect(await shop.t.app.payments.refundInvoice(id, 1000)).toBe('requested');
    await until(async () => (await invoiceRow(id)).refundedCents === 1000, 'the partial refund');
    expect(await balance()).toBe((left - 1000) / 100);

    // The payer's bank takes all of it back: the balance gives what it has, the operator is told the rest.
    await shop.stripe.dispute(sessionId, 'lost');
    expect(await balance()).toBe(0);
    const row = await invoiceRow(id);
    expect(row.refundedAt).not.toBeNull();
    expect(row.flag).toContain(
      `refund of €40.00 for a top-up with €${((left - 1000) / 100).toFixed(2)} left on the balance: €${(spent / 100).toFixed(2)} of it already spent`,
    );
    const lines = await shop.t.database.db
      .select({ amountCents: schema.balanceLedger.amountCents, reason: schema.balanceLedger.reason })
      .from(schema.balanceLedger)
      .where(eq(schema.balanceLedger.invoiceId, id))
      .orderBy(asc(schema.balanceLedger.id));
    expect(lines).toEqual([
      { amountCents: 5000, reason: 'Top-up' },
      { amountCents: -1000, reason: 'Top-up refunded in part' },
      { amountCents: -(left - 1000), reason: 'Top-up refunded' },
    ]);
  });

  it('refuses to refund what is not paid, and unknown invoices', async () => {
    const id = await buy('stripe');
    await expect(shop.t.app.payments.refundInvoice(id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      shop.t.app.payments.refundInvoice('00000000-0000-0000-0000-000000000000'),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
