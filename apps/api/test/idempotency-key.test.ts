import type { Plan } from '@proxydesk/contract';
import { deleteOldIdempotentRequests, schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpReseller } from '../../../test-support/resellers.js';
import { useMailedApp } from '../../../test-support/app.js';

/**
 * `Idempotency-Key` on a signed-in POST (issue #32 item 6): a retry with the same key answers the first answer
 * and does nothing twice; another request under the key is refused; 20 at once do the work once.
 */
const bed = useMailedApp();
let plans: Plan[];
let counter = 0;

beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

const reseller = () => {
  counter += 1;
  return signUpReseller(bed, `idem${counter}`);
};

const post = (url: string, body: unknown, token: string, key?: string) =>
  bed.t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });

const invoicesOf = async (userId: string) =>
  bed.t.database.db.select().from(schema.invoices).where(eq(schema.invoices.userId, userId));

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates one invoice', async () => {
    const { token, userId } = await reseller();
    const body = { amount: 30, payment_method: 'sandbox' };
    const first = await post('/v1/invoice/create-balance-invoice', body, token, 'top-up-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/v1/invoice/create-balance-invoice', body, token, 'top-up-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await invoicesOf(userId)).toHaveLength(1);
    // Without a key, or with another, a request is a new one.
    expect((await post('/v1/invoice/create-balance-invoice', body, token)).statusCode).toBe(200);
    expect((await post('/v1/invoice/create-balance-invoice', body, token, 'top-up-2')).statusCode).toBe(200);
    expect(await invoicesOf(userId)).toHaveLength(3);
  });

  it('refuses the key with another request, and a key that is not plain text', async () => {
    const { token } = await reseller();
    expect(
      (
        await post(
          '/v1/invoice/create-balance-invoice',
          { amount: 30, payment_method: 'sandbox' },
          token,
          'k',
        )
      ).statusCode,
    ).toBe(200);
    const other = await post(
      '/v1/invoice/create-balance-invoice',
      { amount: 40, payment_method: 'sandbox' },
      token,
      'k',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/another request/);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é']) {
      const answer = await post(
        '/v1/invoice/create-balance-invoice',
        { amount: 30, payment_method: 'sandbox' },
        token,
        bad,
      );
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().detail).toMatch(/Idempotency-Key/);
    }
  });

  it("keeps one customer's keys apart from another's", async () => {
    const a = await reseller();
    const b = await reseller();
    const body = { amount: 30, payment_method: 'sandbox' };
    const first = await post('/v1/invoice/create-balance-invoice', body, a.token, 'shared-key');
    const second = await post('/v1/invoice/create-balance-invoice', body, b.token, 'shared-key');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().payload.invoice_id).not.toBe(first.json().payload.invoice_id);
  });

  it('replays a refusal too: the answer is the answer', async () => {
    const { token, userId } = await reseller();
    const plan = plans.find((p) => p.type === 'PR_4' && p.price === 19)!;
    const body = { plan: plan.id, payment_method: 'balance' };
    const first = await post('/v1/invoice/create', body, token, 'no-money');
    expect(first.statusCode).toBe(400);
    const again = await post('/v1/invoice/create', body, token, 'no-money');
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await invoicesOf(userId)).filter((i) => i.paymentMethod === 'balance')).toHaveLength(0);
  });

  it('buys once when 20 purchases from the balance come at once with one key', async () => {
    const { token, userId } = await reseller();
    await bed.t.database.db
      .insert(schema.balanceLedger)
      .values({ userId, amountCents: 5700, reason: 'Start' });
    const plan = plans.find((p) => p.type === 'PR_4' && p.price === 19)!;
    const body = { plan: plan.id, payment_method: 'balance' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/v1/invoice/create', body, token, 'buy-once')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    const ids = new Set(
      answers
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json<{ payload: { invoice_id: string } }>().payload.invoice_id),
    );
    expect(ids.size).toBe(1);
    const paid = (await invoicesOf(userId)).filter((i) => i.paymentMethod === 'balance');
    expect(paid).toHaveLength(1);
    const balance = (await bed.api.get('/v1/auth/access', { token })).body.payload.balance as number;
    expect(balance).toBe(57 - 19);
    // Once the first is answered, every retry gets its answer.
    const later = await post('/v1/invoice/create', body, token, 'buy-once');
    expect(later.statusCode).toBe(200);
    expect(later.json().payload.invoice_id).toBe([...ids][0]);
  });

  it('forgets keys after 24 hours', async () => {
    const { token, userId } = await reseller();
    const body = { amount: 30, payment_method: 'sandbox' };
    await post('/v1/invoice/create-balance-invoice', body, token, 'old-key');
    const scope = `http:${userId}`;
    const where = and(
      eq(schema.idempotentRequests.scope, scope),
      eq(schema.idempotentRequests.key, 'old-key'),
    );
    await bed.t.database.db
      .update(schema.idempotentRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(where);
    expect(await deleteOldIdempotentRequests(bed.t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await bed.t.database.db.select().from(schema.idempotentRequests).where(where)).toHaveLength(0);
    const fresh = await post('/v1/invoice/create-balance-invoice', body, token, 'old-key');
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await invoicesOf(userId)).toHaveLength(2);
  });
});
