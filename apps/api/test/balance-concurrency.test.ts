import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

/**
 * Money paths under concurrency (issue #28 §5): resellers' scripts buy from the balance in parallel. Exactly
 * what the balance covers is bought, every other request is refused with a 4xx, none answers a 5xx.
 */
const bed = useMailedApp();
const BILLING = { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' };
let plans: Plan[];
let counter = 0;

beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

/** A reseller with billing details and `cents` on the balance (one operator credit). */
const reseller = async (cents: number) => {
  counter += 1;
  const username = `rita${counter}`;
  const token = await signUp(bed.api, bed.smtp, { username, email: `${username}@example.com` });
  const db = bed.t.database.db;
  const [user] = await db
    .update(schema.users)
    .set({ role: 'reseller' })
    .where(eq(schema.users.username, username))
    .returning({ id: schema.users.id });
  expect((await bed.api.post('/v1/billing/create', BILLING, { token })).status).toBe(200);
  if (cents > 0)
    await db.insert(schema.balanceLedger).values({ userId: user!.id, amountCents: cents, reason: 'Start' });
  return { token, userId: user!.id };
};

const ledgerOf = (userId: string) =>
  bed.t.database.db
    .select({ amountCents: schema.balanceLedger.amountCents, reason: schema.balanceLedger.reason })
    .from(schema.balanceLedger)
    .where(eq(schema.balanceLedger.userId, userId))
    .orderBy(asc(schema.balanceLedger.id));

const balanceOf = async (token: string) =>
  (await bed.api.get('/v1/auth/access', { token })).body.payload.balance as number;

/** `n` identical requests at once; their answers. */
const atOnce = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));

const datacenter19 = () => plans.find((p) => p.type === 'PR_4' && p.price === 19)!;

describe('parallel purchases from the balance (issue #28 §5)', () => {
  it('20 at once for a €19 plan with €95: exactly 5 bought, 15 told "Not enough balance", no 5xx', async () => {
    const { token, userId } = await reseller(9500);
    const plan = datacenter19();
    const answers = await atOnce(20, () =>
      bed.api.post('/v1/invoice/create', { payment_method: 'balance', plan: plan.id }, { token }),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.filter((a) => a.status >= 500))).toEqual([
      ...Array<number>(5).fill(200),
      ...Array<number>(15).fill(400),
    ]);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body).toEqual({ detail: 'Not enough balance: add balance first' });
    expect(await balanceOf(token)).toBe(0);
    const ledger = await ledgerOf(userId);
    expect(ledger.map((e) => e.amountCents)).toEqual([9500, -1900, -1900, -1900, -1900, -1900]);
    const paid = await bed.t.database.db
      .select({ id: schema.invoices.id })
      .from(schema.invoices)
      .where(eq(schema.invoices.userId, userId));
    expect(paid).toHaveLength(5);
  });

  it('20 at once with €0: all 20 told "Not enough balance", no invoice left behind', async () => {
    const { token, userId } = await reseller(0);
    const answers = await atOnce(20, () =>
      bed.api.post('/v1/invoice/create', { payment_method: 'balance', plan: datacenter19().id }, { token }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(400));
    expect(new Set(answers.map((a) => a.body.detail as string))).toEqual(
      new Set(['Not enough balance: add balance first']),
    );
    expect(await ledgerOf(userId)).toEqual([]);
  });
});

describe('renewals from the balance beside purchases (issue #28 §5)', () => {
  it('10 renewals, 10 purchases and the auto-renew job at once: what €57 covers, and no 5xx', async () => {
    const { token, userId } = await reseller(1900 * 4);
    const plan = datacenter19();
    const bought = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'balance', plan: plan.id },
      { token },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const db = bed.t.database.db;
    // Running, ending in 12 hours, renewed automatically: the job's turn is now.
    const [running] = await db
      .update(schema.customerPlans)
      .set({ status: 'active', expiresAt: new Date(Date.now() + 12 * 3_600_000), autoRenew: true })
      .where(eq(schema.customerPlans.invoiceId, bought.body.payload.invoice_id as string))
      .returning({ id: schema.customerPlans.id });
    const [answers, job] = await Promise.all([
      Promise.all([
        ...Array.from({ length: 10 }, () =>
          bed.api.post('/v1/invoice/renew', { payment_method: 'balance', plan_id: running!.id }, { token }),
        ),
        ...Array.from({ length: 10 }, () =>
          bed.api.post('/v1/invoice/create', { payment_method: 'balance', plan: plan.id }, { token }),
        ),
      ]),
      bed.t.app.autoRenew(),
    ]);
    const ok = answers.filter((a) => a.status === 200).length + job.renewed;
    expect(ok).toBe(3);
    expect(job.renewed + job.failed).toBe(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toEqual({ status: 400, body: { detail: 'Not enough balance: add balance first' } });
    expect(await balanceOf(token)).toBe(0);
    expect((await ledgerOf(userId)).map((e) => e.amountCents)).toEqual([7600, -1900, -1900, -1900, -1900]);
  });
});
