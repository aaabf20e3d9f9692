import { describe, expect, it } from 'vitest';
import { accountFigures, balanceCents, schema, type User } from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';
import { seedUser } from '../../../test-support/seed.js';

const bed = useTestDatabase();

const newUser = (name: string) => seedUser(bed.database.db, name);

const invoice = async (user: User, kind: 'plan' | 'balance', priceCents: number, paid: boolean) => {
  const [row] = await bed.database.db
    .insert(schema.invoices)
    .values({
      userId: user.id,
      kind,
      planName: kind,
      listPriceCents: priceCents,
      priceCents,
      proxyType: 'PR_4',
      paymentMethod: 'sandbox',
      paid,
    })
    .returning();
  return row!;
};

describe('dashboard figures (SPEC.md §3 dashboard stats)', () => {
  it('counts plans, pending activations and money spent on products, for this customer only', async () => {
    const ann = await newUser('ann');
    const bob = await newUser('bob');
    expect(await accountFigures(bed.database.db, ann.id)).toEqual({
      totalPlans: 0,
      pendingActivations: 0,
      moneySpentCents: 0,
    });

    const paidPlan = await invoice(ann, 'plan', 1999, true);
    const otherPlan = await invoice(ann, 'plan', 500, true);
    await invoice(ann, 'plan', 9999, false);
    await invoice(ann, 'balance', 10_000, true);
    await invoice(bob, 'plan', 4200, true);
    const plan = { userId: ann.id, productType: 'PR_4', planName: 'DC', ipAmount: 5, durationHours: 720 };
    await bed.database.db.insert(schema.customerPlans).values([
      { ...plan, invoiceId: paidPlan.id, status: 'pending' },
      { ...plan, invoiceId: otherPlan.id, status: 'active' },
    ]);

    expect(await accountFigures(bed.database.db, ann.id)).toEqual({
      totalPlans: 2,
      pendingActivations: 1,
      moneySpentCents: 2499,
    });
    expect(await accountFigures(bed.database.db, bob.id)).toEqual({
      totalPlans: 0,
      pendingActivations: 0,
      moneySpentCents: 4200,
    });
    // A value is a value, never SQL (PGlite's EXECUTE takes literals).
    await expect(accountFigures(bed.database.db, `${ann.id}' or 'a' = 'a`)).rejects.toThrow(/uuid/);
    // Inside a transaction the prepared statement goes through drizzle, with the same answer.
    expect(await bed.database.db.transaction((tx) => accountFigures(tx, ann.id))).toEqual({
      totalPlans: 2,
      pendingActivations: 1,
      moneySpentCents: 2499,
    });
  });

  it('sums the balance ledger', async () => {
    const carol = await newUser('carol');
    expect(await balanceCents(bed.database.db, carol.id)).toBe(0);
    await bed.database.db.insert(schema.balanceLedger).values([
      { userId: carol.id, amountCents: 5000, reason: 'top-up' },
      { userId: carol.id, amountCents: -1250, reason: 'plan' },
    ]);
    expect(await balanceCents(bed.database.db, carol.id)).toBe(3750);
  });
});
