import { and, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { usageDays, users } from '../schema/index.js';
import { onePage } from './paging.js';

/**
 * Customers by gateway traffic (both ways) since the UTC day `days` days ago (as the overview counts it), most first: per customer and product,
 * on one product or all (the console's list behind the overview's traffic figures, issue #17 §2).
 */
export const listTraffic = async (
  db: Db,
  { product, days }: { product?: string | undefined; days: number },
  page: number,
  pageSize: number,
) => {
  const where = and(
    gte(usageDays.day, sql`((now() at time zone 'UTC')::date - ${days}::int)`),
    product ? eq(usageDays.productType, product) : undefined,
  );
  const bytes = sql<number>`sum(${usageDays.bytesUp} + ${usageDays.bytesDown})`.mapWith(Number);
  return onePage(
    db
      .select({ userId: usageDays.userId, username: users.username, product: usageDays.productType, bytes })
      .from(usageDays)
      .innerJoin(users, eq(users.id, usageDays.userId))
      .where(where)
      .groupBy(usageDays.userId, users.username, usageDays.productType)
      .orderBy(desc(bytes), users.username, usageDays.productType),
    db
      .select({ n: countDistinct(sql`(${usageDays.userId}, ${usageDays.productType})`) })
      .from(usageDays)
      .where(where),
    page,
    pageSize,
  );
};
