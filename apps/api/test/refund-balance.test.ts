import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAsStaff } from '../../../test-support/staff.js';
import { signUpReseller } from '../../../test-support/resellers.js';
import { useMailedApp } from '../../../test-support/app.js';
import { pressPay } from '../../../test-support/sandbox.js';

/**
 * Refunds move the reseller balance by what they give back (issue #28 §4): a top-up refunded takes back what is
 * still on the balance, never more; a purchase paid from the balance refunded gives back to the balance. Each
 * refund, in full or in part, writes a ledger line the reseller sees, in the refund's own transaction.
 */
const bed = useMailedApp();
let operator: string;
let plans: Plan[];
let counter = 0;

beforeAll(async () => {
  // The console opens only to a sign-in with the mailed code (issue #28).
  operator = await signInAsStaff(bed.api, bed.smtp, bed.t.database.db, {
    username: 'olga',
    role: 'operator',
  });
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

const datacenter19 = () => plans.find((p) => p.type === 'PR_4' && p.price === 19)!;

/** A reseller with billing details, their balance topped up by `euros` through the sandbox's Pay button. */
const resellerWithTopUp = async (euros: number) => {
  counter += 1;
  const { token, userId } = await signUpReseller(bed, `rex${counter}`);
  const topUp = await bed.api.post(
    '/v1/invoice/create-balance-invoice',
    { amount: euros, payment_method: 'sandbox' },
    { token },
  );
  expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
  await pressPay(bed.t.app, topUp.body.payload.hosted_url as string);
  return { token, userId, topUpId: topUp.body.payload.invoice_id as string };
};

const buyFromBalance = async (token: string) => {
  const answer = await bed.api.post(
    '/v1/invoice/create',
    { payment_method: 'balance', plan: datacenter19().id },
    { token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload.invoice_id as string;
};

const refund = (invoiceId: string, amount?: number) =>
  bed.api.post(
    `/v1/admin/invoices/${invoiceId}/refund`,
    { reason: 'Asked by the customer', ...(amount === undefined ? {} : { amount }) },
    { token: operator },
  );

const balanceOf = async (token: string) =>
  (await bed.api.get('/v1/auth/access', { token })).body.payload.balance as number;

/** The reseller's balance history as they see it, oldest first. */
const historyOf = async (token: string) =>
  (
    (await bed.api.get('/v1/balance/history', { token })).body.results as {
      amount: number;
      reason: string;
      invoice_id: string | null;
    }[]
  )
    .reverse()
    .map((line) => [line.amount, line.reason]);

const invoiceRow = async (id: string) =>
  (await bed.t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;

describe('a top-up refunded takes back what is still on the balance (issue #28 §4)', () => {
  it('€99.99 of a €100 top-up refunded leaves €0.01, with a line in the balance history', async () => {
    const { token, topUpId } = await resellerWithTopUp(100);
    expect(await balanceOf(token)).toBe(100);
    expect(await refund(topUpId, 99.99)).toEqual({ status: 200, body: { detail: 'Refunded in part' } });
    expect(await balanceOf(token)).toBe(0.01);
    expect(await historyOf(token)).toEqual([
      [100, 'Top-up'],
      [-99.99, 'Top-up refunded in part'],
    ]);
    // The rest, in full: the balance is back to zero, and the refund's line says so.
    expect((await refund(topUpId)).status).toBe(200);
    expect(await balanceOf(token)).toBe(0);
    expect((await historyOf(token)).at(-1)).toEqual([-0.01, 'Top-up refunded']);
  });

  it('refuses to take back what was already spent, naming what can still be refunded (409)', async () => {
    const { token, topUpId } = await resellerWithTopUp(100);
    await buyFromBalance(token);
    expect(await balanceOf(token)).toBe(81);
    const whole = await refund(topUpId);
    expect(whole).toEqual({
      status: 409,
      body: {
        detail:
          'At most €81.00 of this top-up can be refunded: the rest of it is already spent from the balance',
      },
    });
    expect(await refund(topUpId, 81.01)).toMatchObject({ status: 409 });
    // Nothing moved by the refused ones.
    expect(await balanceOf(token)).toBe(81);
    expect((await invoiceRow(topUpId)).refundedCents).toBe(0);

    expect(await refund(topUpId, 81)).toEqual({ status: 200, body: { detail: 'Refunded in part' } });
    expect(await balanceOf(token)).toBe(0);
    expect(await refund(topUpId, 0.01)).toEqual({
      status: 409,
      body: {
        detail:
          'At most €0.00 of this top-up can be refunded: the rest of it is already spent from the balance',
      },
    });
    expect((await invoiceRow(topUpId)).refundedCents).toBe(8100);
  });
});

describe('a purchase paid from the balance refunded gives back to the balance (issue #28 §4)', () => {
  it('in part, then the rest in full, each with its line', async () => {
    const { token } = await resellerWithTopUp(19);
    const bought = await buyFromBalance(token);
    expect(await balanceOf(token)).toBe(0);
    expect(await refund(bought, 5)).toEqual({ status: 200, body: { detail: 'Refunded in part' } });
    expect(await balanceOf(token)).toBe(5);
    expect(await refund(bought)).toEqual({
      status: 200,
      body: { detail: 'Refunded in full: the plan it bought is suspended' },
    });
    expect(await balanceOf(token)).toBe(19);
    const name = datacenter19().name;
    expect(await historyOf(token)).toEqual([
      [19, 'Top-up'],
      [-19, name],
      [5, `Partial refund: ${name}`],
      [14, `Refund: ${name}`],
    ]);
  });
});

describe('20 refunds at once on one invoice (issue #28 §4)', () => {
  it('of a top-up with €30 spent: 7 × €10 given back, 13 refused with a 4xx, the balance at zero', async () => {
    const { token, userId, topUpId } = await resellerWithTopUp(100);
    await bed.t.database.db
      .insert(schema.balanceLedger)
      .values({ userId, amountCents: -3000, reason: 'Operator: spent elsewhere' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(topUpId, 10)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.filter((a) => a.status >= 500))).toEqual([
      ...Array<number>(7).fill(200),
      ...Array<number>(13).fill(409),
    ]);
    expect(await balanceOf(token)).toBe(0);
    expect((await invoiceRow(topUpId)).refundedCents).toBe(7000);
    const lines = await bed.t.database.db
      .select({ amountCents: schema.balanceLedger.amountCents })
      .from(schema.balanceLedger)
      .where(eq(schema.balanceLedger.invoiceId, topUpId))
      .orderBy(asc(schema.balanceLedger.id));
    expect(lines.map((l) => l.amountCents)).toEqual([10000, ...Array<number>(7).fill(-1000)]);
  });

  it('of a balance purchase, in full: refunded and credited once, 19 refused with a 4xx', async () => {
    const { token } = await resellerWithTopUp(19);
    const bought = await buyFromBalance(token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(bought)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.filter((a) => a.status >= 500))).toEqual([
      200,
      ...Array<number>(19).fill(400),
    ]);
    expect(await balanceOf(token)).toBe(19);
    expect((await invoiceRow(bought)).refundedCents).toBe(1900);
  });
});
