import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activateIpPlan, expireEndedPlans, releaseExpiredAddresses, schema } from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';
import { seedPaidInvoice, seedUser } from '../../../test-support/seed.js';

const bed = useTestDatabase();
const db = () => bed.database.db;

const HOUR = 3_600_000;
let customers = 0;

/** A customer with one paid plan of `product` in `status`, ending at `expiresAt`. */
const customerWithPlan = async (product: string, status: 'active' | 'pending', expiresAt: Date | null) => {
  customers += 1;
  const user = await seedUser(db(), `life${customers}`);
  const invoice = await seedPaidInvoice(db(), user.id, product, 'Plan');
  const [plan] = await db()
    .insert(schema.customerPlans)
    .values({
      userId: user.id,
      invoiceId: invoice.id,
      productType: product,
      planName: 'Plan',
      status,
      ipAmount: product === 'PR_4' ? 2 : null,
      dataGb: product === 'PR_4' ? null : 10,
      durationHours: 720,
      expiresAt,
    })
    .returning();
  return { user, plan: plan! };
};

const statusOf = async (id: string) =>
  (
    await db()
      .select({ status: schema.customerPlans.status })
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.id, id))
  )[0]?.status;
const addressesOf = async (planId: string) =>
  (
    await db()
      .select({ poolId: schema.poolAssignments.poolId })
      .from(schema.poolAssignments)
      .where(eq(schema.poolAssignments.customerPlanId, planId))
  ).map((row) => row.poolId);

describe('plans expire at their end (issue #16 §3)', () => {
  it('marks ended plans expired, leaves running and pending ones, and does nothing more the second time', async () => {
    const now = new Date();
    const ended = await customerWithPlan('PR_2', 'active', new Date(now.getTime() - 60_000));
    const running = await customerWithPlan('PR_2', 'active', new Date(now.getTime() + HOUR));
    const pending = await customerWithPlan('PR_4', 'pending', null);
    const expired = await expireEndedPlans(db(), now);
    expect(expired).toContain(ended.plan.id);
    expect(expired).not.toContain(running.plan.id);
    expect(await statusOf(ended.plan.id)).toBe('expired');
    expect(await statusOf(running.plan.id)).toBe('active');
    expect(await statusOf(pending.plan.id)).toBe('pending');
    expect(await expireEndedPlans(db(), now)).toEqual([]);
  });

  it('keeps an expired plan’s addresses through the grace period, then returns them to the pool', async () => {
    const { user, plan } = await customerWithPlan('PR_4', 'pending', null);
    const activation = await activateIpPlan(db(), {
      userId: user.id,
      productType: 'PR_4',
      ip: '203.0.113.9',
    });
    expect(activation).toHaveProperty('activated');
    const addresses = await addressesOf(plan.id);
    expect(addresses).toHaveLength(2);
    const end = new Date(Date.now() + 720 * HOUR);
    await db()
      .update(schema.customerPlans)
      .set({ expiresAt: end })
      .where(eq(schema.customerPlans.id, plan.id));

    await expireEndedPlans(db(), new Date(end.getTime() + 1000));
    expect(await statusOf(plan.id)).toBe('expired');
    expect(await releaseExpiredAddresses(db(), 72, new Date(end.getTime() + 71 * HOUR))).toBe(0);
    expect(await addressesOf(plan.id)).toEqual(addresses);

    expect(await releaseExpiredAddresses(db(), 72, new Date(end.getTime() + 73 * HOUR))).toBe(2);
    expect(await addressesOf(plan.id)).toEqual([]);
    // Back in the pool: nothing holds them any more.
    const held = await db()
      .select()
      .from(schema.poolAssignments)
      .where(eq(schema.poolAssignments.poolId, addresses[0]!));
    expect(held).toEqual([]);
  });
});
