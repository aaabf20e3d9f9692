import { and, count, eq, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '../client.js';
import { balanceLedger, customerPlans, invoices } from '../schema/index.js';

/** What the dashboard cards count (SPEC.md §3), from the customer's own rows. */
export const accountFigures = async (db: Db, userId: string) => {
  const [plans] = await db
    .select({ total: count(), pending: count(sql`case when ${customerPlans.status} = 'pending' then 1 end`) })
    .from(customerPlans)
    .where(eq(customerPlans.userId, userId));
  // Money spent on products: paid invoices, balance top-ups aside (that money is spent again from the balance).
  const [spent] = await db
    .select({ cents: sum(invoices.priceCents).mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.paid, true), ne(invoices.kind, 'balance')));
  return {
    totalPlans: plans?.total ?? 0,
    pendingActivations: plans?.pending ?? 0,
    moneySpentCents: spent?.cents ?? 0,
  };
};

/** A reseller's balance: the sum of its ledger, in cents. */
export const balanceCents = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ cents: sum(balanceLedger.amountCents).mapWith(Number) })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return row?.cents ?? 0;
};
