import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

const shop = usePaymentShop();
const db = () => shop.t.database.db;
const EMAIL = 'payer@example.com';

const planRow = async (id: string) =>
  (await db().select().from(schema.customerPlans).where(eq(schema.customerPlans.id, id)))[0]!;
const dashboardPlan = async (id: string) =>
  (
    (await shop.api.get('/v1/user/dashboard', { token: shop.token })).body.payload.PR_4.plan_data as {
      id: string;
      auto_renew: boolean;
      auto_renew_failed: boolean;
    }[]
  ).find((p) => p.id === id)!;
const setAutoRenew = (planId: string, enabled: boolean) =>
  shop.api.post('/v1/user/auto-renew', { plan_id: planId, enabled }, { token: shop.token });

/** A datacenter plan bought with Stripe and activated, ending in 12 hours. */
const planEndingSoon = async () => {
  const { invoiceId } = await shop.payWithStripe();
  const plan = await shop.planOf(invoiceId);
  await db()
    .update(schema.customerPlans)
    .set({ status: 'active', expiresAt: new Date(Date.now() + 12 * 3_600_000) })
    .where(eq(schema.customerPlans.id, plan.id));
  return planRow(plan.id);
};

describe("resellers' auto-renew from the balance (issue #16 §5)", () => {
  it('renews a day before the end from the balance; when it falls short, one mail and no retry', async () => {
    const plan = await planEndingSoon();
    // A customer has no balance: the switch is for resellers.
    expect((await setAutoRenew(plan.id, true)).status).toBe(403);
    await db().update(schema.users).set({ role: 'reseller' }).where(eq(schema.users.email, EMAIL));
    expect((await setAutoRenew('00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    const on = await setAutoRenew(plan.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await dashboardPlan(plan.id)).toMatchObject({ auto_renew: true, auto_renew_failed: false });

    // No balance: not renewed, the reseller is told once.
    const after = Date.now();
    expect(await shop.t.app.autoRenew()).toEqual({ renewed: 0, failed: 1 });
    expect(await shop.t.app.autoRenew()).toEqual({ renewed: 0, failed: 0 });
    const mail = await shop.smtp.waitFor(EMAIL, { after, subject: /^Your plan was not renewed/ });
    expect(mail.text).toContain('Not enough balance');
    expect(mail.text).toContain('/balance');
    expect(await dashboardPlan(plan.id)).toMatchObject({ auto_renew: true, auto_renew_failed: true });
    expect((await planRow(plan.id)).expiresAt).toEqual(plan.expiresAt);

    // Topped up and switched on again: the balance pays the same plan's next period.
    const owner = (await db().select().from(schema.users).where(eq(schema.users.email, EMAIL)))[0]!;
    await db()
      .insert(schema.balanceLedger)
      .values({ userId: owner.id, amountCents: 10_000, reason: 'test top-up', entry: 'payment' });
    expect((await setAutoRenew(plan.id, true)).status).toBe(200);
    expect(await shop.t.app.autoRenew()).toEqual({ renewed: 1, failed: 0 });
    expect(await shop.t.app.autoRenew()).toEqual({ renewed: 0, failed: 0 });
    const renewed = await planRow(plan.id);
    expect(renewed.expiresAt!.getTime() - plan.expiresAt!.getTime()).toBe(plan.durationHours * 3_600_000);
    expect(renewed.status).toBe('active');
    const access = await shop.api.get('/v1/auth/access', { token: shop.token });
    expect(access.body.payload.balance).toBe(Math.round((100 - shop.plan.price) * 100) / 100);
    expect(await dashboardPlan(plan.id)).toMatchObject({ auto_renew: true, auto_renew_failed: false });

    expect((await setAutoRenew(plan.id, false)).body.payload).toEqual({
      plan_id: plan.id,
      auto_renew: false,
    });
  });
});
