import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../client.js';
import { billingDetails, invoices } from '../schema/index.js';

/**
 * The countries the shop's paid orders come from (the buyers' billing country, SPEC.md §3), most orders first:
 * what the generator's Location select lists first (issue #33 item 6). A balance top-up buys no proxies and is
 * not counted. One grouped read over paid invoices; the caller keeps its answer for a while.
 */
export const listBuyerCountries = async (
  db: Db,
  limit: number,
): Promise<{ country: string; orders: number }[]> => {
  const orders = count();
  return db
    .select({ country: billingDetails.country, orders })
    .from(invoices)
    .innerJoin(billingDetails, eq(billingDetails.userId, invoices.userId))
    .where(and(eq(invoices.paid, true), ne(invoices.kind, 'balance')))
    .groupBy(billingDetails.country)
    .orderBy(desc(orders), asc(billingDetails.country))
    .limit(limit);
};
