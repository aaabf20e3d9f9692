import { eq, sum } from 'drizzle-orm';
import type { Db } from '../client.js';
import { preparedQuery } from '../prepared.js';
import { balanceLedger } from '../schema/index.js';

/**
 * What the dashboard cards count (SPEC.md §3), from the customer's own rows ($1), in one statement. Money spent
 * is on products: paid invoices, balance top-ups aside (that money is counted when spent from the balance).
 */
export const ACCOUNT_FIGURES_SQL = `select
  (select count(*)::int from customer_plans where user_id = $1) as "totalPlans",
  (select count(*)::int from customer_plans where user_id = $1 and status = 'pending') as "pendingActivations",
  (select coalesce(sum(price_cents), 0)::float8 from invoices
    where user_id = $1 and paid and kind <> 'balance') as "moneySpentCents"`;

const figures = preparedQuery<
  { totalPlans: number; pendingActivations: number; moneySpentCents: number },
  [userId: string]
>('account_figures', ACCOUNT_FIGURES_SQL);

/** The dashboard cards' figures of a customer, in one round trip. */
export const accountFigures = async (db: Db, userId: string) =>
  (await figures(db, userId))[0] ?? { totalPlans: 0, pendingActivations: 0, moneySpentCents: 0 };

/** A reseller's balance: the sum of its ledger, in cents. */
export const balanceCents = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ cents: sum(balanceLedger.amountCents).mapWith(Number) })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  return row?.cents ?? 0;
};
