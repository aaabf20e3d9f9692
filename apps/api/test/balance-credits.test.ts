import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../src/cli/commands.js';
import { signUp } from '../../../test-support/accounts.js';
import { signInAsStaff } from '../../../test-support/staff.js';
import { useMailedApp } from '../../../test-support/app.js';
import { makeReseller } from '../../../test-support/resellers.js';

/**
 * The console's balance credits (issue #28 §13): an idempotency key makes a double click one credit (the repeat
 * gets the first answer), sub-cent amounts are refused, and nobody credits their own account.
 */
const bed = useMailedApp();
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = bed.t.database.db;
  // The console opens only to a sign-in with the mailed code (issue #28).
  tokens.olga = await signInAsStaff(bed.api, bed.smtp, db, { username: 'olga', role: 'operator' });
  tokens.rita = await signUp(bed.api, bed.smtp, { username: 'rita', email: 'rita@example.com' });
  await makeReseller(db, 'rita');
  for (const user of await db.select().from(schema.users)) ids[user.username] = user.id;
});

const credit = (body: object, who = 'rita') =>
  bed.api.post(`/v1/admin/customers/${ids[who]!}/balance`, body, { token: tokens.olga! });

const ledgerOf = (who: string) =>
  bed.t.database.db
    .select({ amountCents: schema.balanceLedger.amountCents, reason: schema.balanceLedger.reason })
    .from(schema.balanceLedger)
    .where(eq(schema.balanceLedger.userId, ids[who]!));

const auditOf = (who: string) =>
  bed.t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, ids[who]!));

describe('balance credits with an idempotency key (issue #28 §13)', () => {
  it('20 identical requests at once credit once, and each gets the first answer', async () => {
    const body = { amount: 10, reason: 'Goodwill', idempotency_key: 'dialog-0001-aaaaaaaaaaaa' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => credit(body)));
    for (const answer of answers)
      expect(answer).toEqual({ status: 200, body: { detail: 'Balance credited', payload: { balance: 10 } } });
    expect(await ledgerOf('rita')).toEqual([{ amountCents: 1000, reason: 'Operator: Goodwill' }]);
    expect(await auditOf('rita')).toHaveLength(1);

    // Later, the same key again: the same first answer, nothing more credited.
    expect(await credit(body)).toEqual({
      status: 200,
      body: { detail: 'Balance credited', payload: { balance: 10 } },
    });
    // The same key with other words is refused, not answered with the wrong credit.
    expect(await credit({ ...body, amount: 20 })).toEqual({
      status: 409,
      body: { detail: 'This idempotency key was already used for another balance change' },
    });
    // A new key (a new dialog) is a new credit.
    expect(await credit({ ...body, idempotency_key: 'dialog-0002-aaaaaaaaaaaa' })).toEqual({
      status: 200,
      body: { detail: 'Balance credited', payload: { balance: 20 } },
    });
    expect(await ledgerOf('rita')).toHaveLength(2);
  });

  it('answers a refused debit the same way when its key comes again', async () => {
    const body = { amount: -1000, reason: 'Chargeback', idempotency_key: 'dialog-0003-aaaaaaaaaaaa' };
    const refused = { status: 409, body: { detail: 'The balance cannot go below zero' } };
    expect(await credit(body)).toEqual(refused);
    expect(await credit(body)).toEqual(refused);
  });

  it('needs the key, refuses sub-cent amounts (400) and one’s own account (409)', async () => {
    const before = await ledgerOf('rita');
    const missing = await credit({ amount: 5, reason: 'No key' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/^body\.idempotency_key: /);
    for (const amount of [0.005, 1.004, -0.001]) {
      expect(
        await credit({ amount, reason: 'Sub-cent', idempotency_key: `sub-cent-${String(amount)}-aaaaaaaa` }),
        String(amount),
      ).toEqual({ status: 400, body: { detail: 'body.amount: Amount has at most 2 decimals' } });
    }
    expect(await ledgerOf('rita')).toEqual(before);

    expect(
      await credit({ amount: 5, reason: 'Myself', idempotency_key: 'dialog-0004-aaaaaaaaaaaa' }, 'olga'),
    ).toEqual({
      status: 409,
      body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
    });
    expect(await ledgerOf('olga')).toEqual([]);
  });
});

describe('npm run admin -- balance with --key (issue #28 §13)', () => {
  const run = (...words: string[]) => commands.balance!(words)(bed.t.database.db);

  it('credits once for a key run twice, printing the first change both times', async () => {
    const first = await run('rita', '+2.50', '--key=cli-run-0001', 'late', 'fee', 'back');
    expect(first).toMatch(/^rita: balance €\d+\.\d\d → €\d+\.\d\d \(\+€2\.50, "late fee back"\)$/);
    expect(await run('rita', '+2.50', 'late', 'fee', 'back', '--key=cli-run-0001')).toBe(first);
    const lines = (await ledgerOf('rita')).filter((line) => line.reason === 'Operator: late fee back');
    expect(lines).toHaveLength(1);
    await expect(run('rita', '+3', '--key=cli-run-0001', 'late', 'fee', 'back')).rejects.toThrow(
      'This idempotency key was already used for another balance change; nothing changed.',
    );
  });
});
