import { eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../client.js';
import { balanceLedger, customerPlans, invoices } from '../schema/index.js';

/**
 * What the dashboard cards count (SPEC.md §3), from the customer's own rows, in one round trip. Money spent
 * is on products: paid invoices, balance top-ups aside (that money is counted when spent from the balance).
 */
export const accountFigures = async (db: Db, userId: string) => {
  const plans = db
    .select({ n: sql`count(*)` })
    .from(customerPlans)
    .where(eq(customerPlans.userId, userId));
  const pending = sql`(select count(*) from ${customerPlans} where ${customerPlans.userId} = ${userId} and ${customerPlans.status} = 'pending')`;
  const spent = sql`(select coalesce(sum(${invoices.priceCents}), 0) from ${invoices}
    where ${invoices.userId} = ${userId} and ${invoices.paid} and ${invoices.kind} <> 'balance')`;
  const [row] = await db
    .select({
      totalPlans: sql`(${plans})`.mapWith(Number),
      pendingActivations: pending.mapWith(Number),
      moneySpentCents: spent.mapWith(Number),
    })
    .from(sql`(select 1) as figures`);
  return row ?? { totalPlans: 0, pendingActivations: 0, moneySpentCents: 0 };
};

/** A reseller's balance: the sum of its ledger, in cents. */
export const balanceCents = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ cents: sum(balanceLedger.amountCents).mapWith(Number) })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return row?.cents ?? 0;
};
