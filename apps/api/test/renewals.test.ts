import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

const shop = usePaymentShop();

const payWithStripe = async (path: string, body: object) => (await shop.payWithStripe(body, path)).invoiceId;
const planRow = async (id: string) =>
  (await shop.t.database.db.select().from(schema.customerPlans).where(eq(schema.customerPlans.id, id)))[0]!;
const addressesOf = async (planId: string) =>
  (
    await shop.t.database.db
      .select({ poolId: schema.poolAssignments.poolId })
      .from(schema.poolAssignments)
      .where(eq(schema.poolAssignments.customerPlanId, planId))
  )
    .map((row) => row.poolId)
    .sort();

describe('Renew (issue #16 §5): POST /v1/invoice/renew', () => {
  it('extends the same plan from its end, or from now within the grace period, keeping its addresses', async () => {
    const first = await payWithStripe('/v1/invoice/create', { plan: shop.plan.id });
    const [plan] = await shop.t.database.db
      .select()
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.invoiceId, first));
    const pending = await shop.api.post(
      '/v1/invoice/renew',
      { payment_method: 'stripe', plan_id: plan!.id },
      { token: shop.token },
    );
    expect(pending.status).toBe(400);
    expect(pending.body.detail).toBe('Activate this plan first');

    const activated = await shop.api.post(
      '/v1/user/activate-dc-ipv6-plan',
      { ips: '203.0.113.7', type: 'PR_4', plan: plan!.id },
      { token: shop.token },
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const before = await planRow(plan!.id);
    const addresses = await addressesOf(plan!.id);
    expect(addresses.length).toBeGreaterThan(0);

    // The Renew button's checkout shows today's price first.
    const quote = await shop.api.get(`/v1/invoice/renew-quote?plan_id=${plan!.id}`, { token: shop.token });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.payload).toEqual({ plan_name: `Renewal: ${before.planName}`, price: shop.plan.price });
    const stranger = await shop.api.get('/v1/invoice/renew-quote?plan_id=not-mine', { token: shop.token });
    expect(stranger.status).toBe(404);

    const renewal = await payWithStripe('/v1/invoice/renew', { plan_id: plan!.id });
    const invoice = (await shop.api.get(`/v1/invoice/read/${renewal}`, { token: shop.token })).body.payload
      .invoice as { plan_price: number; plan_name: string };
    expect(invoice.plan_price).toBe(shop.plan.price);
    expect(invoice.plan_name).toBe(`Renewal: ${before.planName}`);
    const after = await planRow(plan!.id);
    expect(after.expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(before.durationHours * 3_600_000);
    expect(after.status).toBe('active');
    expect(await addressesOf(plan!.id)).toEqual(addresses);

    // Ended an hour ago (within the grace period): renewed from now, same addresses again.
    await shop.t.database.db
      .update(schema.customerPlans)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.customerPlans.id, plan!.id));
    const start = Date.now();
    await payWithStripe('/v1/invoice/renew', { plan_id: plan!.id });
    const renewed = await planRow(plan!.id);
    expect(renewed.status).toBe('active');
    expect(renewed.expiresAt!.getTime()).toBeGreaterThanOrEqual(start + before.durationHours * 3_600_000);
    expect(await addressesOf(plan!.id)).toEqual(addresses);

    // Past the grace period: a new plan is needed.
    await shop.t.database.db
      .update(schema.customerPlans)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 100 * 3_600_000) })
      .where(eq(schema.customerPlans.id, plan!.id));
    const late = await shop.api.post(
      '/v1/invoice/renew',
      { payment_method: 'stripe', plan_id: plan!.id },
      { token: shop.token },
    );
    expect(late.status).toBe(400);
    const other = await shop.api.post(
      '/v1/invoice/renew',
      { payment_method: 'stripe', plan_id: '00000000-0000-0000-0000-000000000000' },
      { token: shop.token },
    );
    expect(other.status).toBe(404);
  });
});
