import { saveCoupon, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { usePaymentShop } from '../../../test-support/payment-shop.js';
import { shopJobs } from '../src/jobs/definitions.js';

const shop = usePaymentShop();

const runJob = async (name: string) => {
  const { db } = shop.t.database;
  const jobs = shopJobs({
    db,
    log: pino({ level: 'silent' }),
    graceHours: 72,
    payments: shop.t.app.payments,
    sendDueMails: shop.t.app.mailOutbox.deliverDue,
    autoRenew: () => shop.t.app.autoRenew(),
    webhooks: shop.t.app.webhooks,
  });
  await jobs.find((job) => job.name === name)!.handler({});
};

const backdate = async (id: string, hours: number) => {
  await shop.t.database.db
    .update(schema.invoices)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(schema.invoices.id, id));
};

const readInvoice = async (id: string) =>
  (await shop.api.get(`/v1/invoice/read/${id}`, { token: shop.token })).body.payload.invoice as {
    status: boolean;
    expired: boolean;
    hosted_url: string | null;
  };

describe('unpaid invoices past their hour (issue #16 §3)', () => {
  it('are marked expired by the job: the coupon hold ends and the Stripe checkout session is closed', async () => {
    await saveCoupon(shop.t.database.db, {
      code: 'ONCE',
      kind: 'percent',
      value: 10,
      maxUses: 1,
      validUntil: null,
    });
    const created = await shop.api.post(
      '/v1/invoice/create',
      { payment_method: 'stripe', plan: shop.plan.id, coupon: 'ONCE' },
      { token: shop.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.payload as { invoice_id: string }).invoice_id;
    // Held by the unpaid invoice: the code cannot be used again meanwhile.
    expect((await shop.api.get('/v1/coupon/check?code=ONCE', { token: shop.token })).status).toBe(400);

    await runJob('expire-invoices');
    expect((await readInvoice(id)).expired).toBe(false);

    await backdate(id, 2);
    await runJob('expire-invoices');
    const invoice = await readInvoice(id);
    expect(invoice).toMatchObject({ status: false, expired: true });
    const session = [...shop.stripe.sessions.values()].find((s) => s.session.metadata.invoice_id === id)!;
    expect(session.session.status).toBe('expired');
    expect(
      shop.stripe.requests.some(
        (r) => r.method === 'POST' && r.path.endsWith(`${session.session.id}/expire`),
      ),
    ).toBe(true);
    expect((await shop.api.get('/v1/coupon/check?code=ONCE', { token: shop.token })).status).toBe(200);

    // Again: nothing left to do, nothing sent.
    const sent = shop.stripe.requests.length;
    await runJob('expire-invoices');
    expect(shop.stripe.requests.length).toBe(sent);
  });

  it('leaves paid invoices alone, and a session paid meanwhile is not expired', async () => {
    const created = await shop.api.post(
      '/v1/invoice/create',
      { payment_method: 'stripe', plan: shop.plan.id },
      { token: shop.token },
    );
    const id = (created.body.payload as { invoice_id: string }).invoice_id;
    const session = [...shop.stripe.sessions.values()].find((s) => s.session.metadata.invoice_id === id)!;
    expect((await shop.stripe.complete(session.session.id)).status).toBe(200);
    await backdate(id, 3);
    await runJob('expire-invoices');
    expect(await readInvoice(id)).toMatchObject({ status: true, expired: false });
    expect(session.session.status).toBe('complete');
  });
});
