import { queuePlanReminders, queueUsageAlerts, schema, BYTES_PER_GB } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopJobs } from '../src/jobs/definitions.js';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

const shop = usePaymentShop();
const db = () => shop.t.database.db;
const EMAIL = 'payer@example.com';

const payWithStripe = async (plan: number) => (await shop.payWithStripe({ plan })).invoiceId;
const { planOf } = shop;
const mailsWith = async (onceKeyPrefix: string) =>
  (await db().select().from(schema.mailOutbox)).filter((m) => m.onceKey?.startsWith(onceKeyPrefix));
const setNotifications = async (planReminders: boolean, usageAlerts: boolean) => {
  const answer = await shop.api.put(
    '/v1/user/notifications',
    { plan_reminders: planReminders, usage_alerts: usageAlerts },
    { token: shop.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe('lifecycle mails the shop sends on its own (issue #16 item 4), read from a real SMTP server', () => {
  it('a paid invoice mails its receipt: plan, amount, the method by name, a link to the invoice', async () => {
    const after = Date.now();
    const id = await payWithStripe(shop.plan.id);
    const mail = await shop.smtp.waitFor(EMAIL, { after, subject: /^Payment received/ });
    for (const part of [shop.plan.name, `€${shop.plan.price.toFixed(2)}`, 'Paid with: ', `/invoice/${id}`])
      expect(mail.text).toContain(part);
    expect(await mailsWith(`receipt:${id}`)).toHaveLength(1);
  });

  it('a refund mails what was given back; a full one says the plan is suspended', async () => {
    const id = await payWithStripe(shop.plan.id);
    const after = Date.now();
    expect(await shop.t.app.payments.refundInvoice(id, 100)).toBe('requested');
    const partial = await shop.smtp.waitFor(EMAIL, { after, subject: /^Refund made/, timeoutMs: 15_000 });
    expect(partial.text).toContain('€1.00 was refunded');
    expect(partial.text).not.toContain('suspended');
    const later = partial.receivedAt + 1;
    expect(await shop.t.app.payments.refundInvoice(id)).toBe('requested');
    const full = await shop.smtp.waitFor(EMAIL, { after: later, subject: /^Refund made/, timeoutMs: 15_000 });
    expect(full.text).toContain(`€${(shop.plan.price - 1).toFixed(2)} was refunded`);
    expect(full.text).toContain('The plan this payment bought is suspended.');
  });

  it('reminds of a plan’s end at 3 days and at 24 hours, once each, never to who turned reminders off', async () => {
    const id = await payWithStripe(shop.plan.id);
    const plan = await planOf(id);
    const now = new Date();
    const endsIn = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await db()
      .update(schema.customerPlans)
      .set({ status: 'active', expiresAt: endsIn(60) })
      .where(eq(schema.customerPlans.id, plan.id));

    await setNotifications(false, true);
    await queuePlanReminders(db(), now);
    expect(await mailsWith(`plan-ends-72:${plan.id}`)).toHaveLength(0);

    await setNotifications(true, true);
    const after = Date.now();
    await queuePlanReminders(db(), now);
    await queuePlanReminders(db(), now);
    const three = await shop.smtp.waitFor(EMAIL, { after, subject: /^Your plan ends in 3 days/ });
    expect(three.text).toContain(`/product/datacenter`);
    expect(await mailsWith(`plan-ends-72:${plan.id}`)).toHaveLength(1);
    expect(await mailsWith(`plan-ends-24:${plan.id}`)).toHaveLength(0);

    const day = new Date(now.getTime() + 40 * 3_600_000);
    await queuePlanReminders(db(), day);
    await shop.smtp.waitFor(EMAIL, { after, subject: /^Your plan ends in 24 hours/ });
    expect(await mailsWith(`plan-ends-24:${plan.id}`)).toHaveLength(1);
  });

  it('the expiry job mails "expired" with the change itself', async () => {
    const id = await payWithStripe(shop.plan.id);
    const plan = await planOf(id);
    await db()
      .update(schema.customerPlans)
      .set({ status: 'active', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.customerPlans.id, plan.id));
    const after = Date.now();
    const jobs = shopJobs({
      db: db(),
      log: shop.t.app.log,
      payments: shop.t.app.payments,
      graceHours: 72,
      sendDueMails: async () => {},
      autoRenew: () => shop.t.app.autoRenew(),
      webhooks: shop.t.app.webhooks,
    });
    await jobs.find((job) => job.name === 'expire-plans')!.handler({});
    expect((await planOf(id)).status).toBe('expired');
    const mail = await shop.smtp.waitFor(EMAIL, { after, subject: /^Your plan has expired/ });
    expect(mail.text).toContain('/product/datacenter');
  });

  it('per-GB plans: 80% and 100% of the data used, once per threshold, not when turned off', async () => {
    const isp = (
      (await shop.api.get('/v1/plan/read')).body.payload as { id: number; type: string; data: number }[]
    ).find((p) => p.type === 'PR_2' && p.data > 0)!;
    const id = await payWithStripe(isp.id);
    const plan = await planOf(id);
    await db()
      .update(schema.customerPlans)
      .set({ status: 'active' })
      .where(eq(schema.customerPlans.id, plan.id));
    const use = (share: number) =>
      db()
        .insert(schema.planUsage)
        .values({ customerPlanId: plan.id, usedBytes: Math.ceil(plan.dataGb! * BYTES_PER_GB * share) })
        .onConflictDoUpdate({
          target: schema.planUsage.customerPlanId,
          set: { usedBytes: Math.ceil(plan.dataGb! * BYTES_PER_GB * share) },
        });

    await use(0.5);
    expect(await queueUsageAlerts(db())).toBe(0);
    await use(0.85);
    await setNotifications(true, false);
    expect(await queueUsageAlerts(db())).toBe(0);
    await setNotifications(true, true);
    const after = Date.now();
    expect(await queueUsageAlerts(db())).toBe(1);
    expect(await queueUsageAlerts(db())).toBe(0);
    await shop.smtp.waitFor(EMAIL, { after, subject: /^80% of your data is used/ });
    await use(1);
    expect(await queueUsageAlerts(db())).toBe(1);
    expect(await queueUsageAlerts(db())).toBe(0);
    const all = await shop.smtp.waitFor(EMAIL, { after, subject: /^All of your data is used/ });
    expect(all.text).toContain('/product/isp');
  });
});
