import { accountFigures, dailyUsageGb, listAudit, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands, UsageError } from '../src/cli/commands.js';
import { signInWithCode, signUp, turnOnTwoFactor } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { userNamed } from '../../../test-support/users.js';

const bed = useMailedApp();
beforeAll(async () => {
  await signUp(bed.api, bed.smtp, { username: 'Operator_Friend', email: 'friend@example.com' });
});

const run = (...words: string[]) => {
  const command = commands[words[0]!];
  if (!command) throw new Error(`no command ${words[0]}`);
  return command(words.slice(1))(bed.t.database.db);
};

describe('the operator command line (DESIGN.md §4)', () => {
  it('makes a customer a reseller and back, saying what changed', async () => {
    expect(await run('reseller', 'operator_friend', 'on')).toBe('Operator_Friend: customer → reseller');
    const user = await userNamed(bed.t.database.db, 'Operator_Friend');
    expect(user!.role).toBe('reseller');
    expect(await run('reseller', 'Operator_Friend', 'off')).toBe('Operator_Friend: reseller → customer');
  });

  it('makes the first operator, who opens the console once signed in with 2FA (issue #17 §1, #28)', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'owner', email: 'owner@example.com' });
    expect((await bed.api.get('/v1/admin/overview', { token })).status).toBe(404);
    expect(await run('operator', 'owner', 'on')).toBe(
      'owner: customer → operator (turn on two-factor authentication in Settings, then sign in again with its code, to open the console)',
    );
    expect((await bed.api.get('/v1/admin/overview', { token })).status).toBe(403);
    await turnOnTwoFactor(bed.api, bed.smtp, token, 'owner@example.com');
    expect((await bed.api.get('/v1/admin/overview', { token })).status).toBe(403);
    const signedIn = await signInWithCode(bed.api, bed.smtp, {
      username: 'owner',
      email: 'owner@example.com',
    });
    expect((await bed.api.get('/v1/admin/overview', { token: signedIn })).status).toBe(200);
    expect(await run('operator', 'owner', 'off')).toBe('owner: operator → customer');
    expect((await bed.api.get('/v1/admin/overview', { token: signedIn })).status).toBe(404);
  });

  it('refuses unknown users and bad words with a clear message', async () => {
    await expect(run('reseller', 'nobody', 'on')).rejects.toThrow('No account with the username "nobody".');
    expect(() => commands.reseller!(['x', 'maybe'])).toThrow(UsageError);
    expect(() => commands.reseller!([])).toThrow('Which username?');
    expect(() => commands['sample-usage']!(['x', 'PR_9'])).toThrow(/Expected a product code/);
    expect(() => commands['sample-usage']!(['x', 'PR_2', '0'])).toThrow(
      'Days is a whole number from 1 to 365.',
    );
  });

  it('creates promo codes that checkout then honours', async () => {
    expect(await run('coupon', 'spring10', 'percent', '10', '100')).toBe(
      'Promo code SPRING10: 10% off, 100 uses',
    );
    expect(await run('coupon', 'FIVER', 'fixed', '5')).toBe('Promo code FIVER: €5.00 off');
    const rows = await bed.t.database.db.select().from(schema.coupons);
    expect(rows.map((c) => [c.code, c.kind, c.value, c.maxUses])).toEqual(
      expect.arrayContaining([
        ['SPRING10', 'percent', 10, 100],
        ['FIVER', 'fixed', 500, null],
      ]),
    );
    expect(() => commands.coupon!(['x', 'percent', '10'])).toThrow(UsageError);
    expect(() => commands.coupon!(['CODE', 'percent', '150'])).toThrow(
      'A percent is a whole number from 1 to 100.',
    );
    expect(() => commands.coupon!(['CODE', 'gift', '1'])).toThrow('Say percent or fixed.');
  });

  it('credits and debits a balance with a ledger entry, never below zero', async () => {
    expect(await run('balance', 'Operator_Friend', '+12.50', 'refund', 'for', 'an', 'outage')).toBe(
      'Operator_Friend: balance €0.00 → €12.50 (+€12.50, "refund for an outage")',
    );
    expect(await run('balance', 'operator_friend', '\u22122.5', 'correction')).toBe(
      'Operator_Friend: balance €12.50 → €10.00 (-€2.50, "correction")',
    );
    await expect(run('balance', 'Operator_Friend', '-10.01', 'too much')).rejects.toThrow(
      "Operator_Friend's balance is €10.00: a debit of €10.01 would take it below zero; nothing changed.",
    );
    const user = await userNamed(bed.t.database.db, 'Operator_Friend');
    const ledger = await bed.t.database.db
      .select()
      .from(schema.balanceLedger)
      .where(eq(schema.balanceLedger.userId, user!.id));
    expect(ledger.map((entry) => [entry.amountCents, entry.reason, entry.invoiceId])).toEqual([
      [1250, 'Operator: refund for an outage', null],
      [-250, 'Operator: correction', null],
    ]);
    await expect(run('balance', 'friend@example.com', '+1', 'gift')).rejects.toThrow(
      'No account with the username "friend@example.com".',
    );
    for (const amount of ['0', 'ten', '1.234', '+', undefined]) {
      expect(() =>
        commands.balance!(['Operator_Friend', ...(amount === undefined ? [] : [amount]), 'why']),
      ).toThrow(UsageError);
    }
    expect(() => commands.balance!(['Operator_Friend', '+1'])).toThrow(/Say why/);
  });

  it('records sample usage for the chart', async () => {
    const message = await run('sample-usage', 'Operator_Friend', 'PR_2', '7');
    expect(message).toMatch(/^Operator_Friend: \d+\.\d{2} GB of sample PR_2 usage over 7 days$/);
    const user = await userNamed(bed.t.database.db, 'Operator_Friend');
    const chart = (await dailyUsageGb(bed.t.database.db, user!.id, ['PR_2'], 30)).get('PR_2')!;
    const charted = chart.reduce((sum, day) => sum + day.gb, 0);
    expect(charted).toBeCloseTo(Number(/(\d+\.\d{2}) GB/.exec(message)![1]), 1);
    expect(await accountFigures(bed.t.database.db, user!.id)).toMatchObject({ totalPlans: 0 });
  });

  it('writes an audit row for each change, by "cli" (issue #17 §7)', async () => {
    await run('maintenance', 'on');
    await run('maintenance', 'off');
    const { rows } = await listAudit(bed.t.database.db, { actor: 'cli' }, 1, 100);
    const trail = rows.map(({ entry, actor }) => ({ actor, ...entry }));
    expect(trail.every((row) => row.actor === 'cli' && row.actorId === null && row.ip === null)).toBe(true);
    const owner = await userNamed(bed.t.database.db, 'owner');
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'customer.role',
          targetId: owner!.id,
          before: { role: 'customer' },
          after: { role: 'operator' },
          reason: 'npm run admin',
        }),
        expect.objectContaining({
          action: 'coupon.save',
          targetType: 'coupon',
          after: expect.objectContaining({ kind: 'percent' }),
        }),
        expect.objectContaining({ action: 'balance.credit', before: { balanceCents: 0 } }),
        expect.objectContaining({ action: 'balance.debit' }),
        expect.objectContaining({
          action: 'maintenance',
          before: { status: true },
          after: { status: false },
        }),
      ]),
    );
  });
});
