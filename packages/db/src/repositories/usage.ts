import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { usageBatches, usageRecords } from '../schema/index.js';

export const BYTES_PER_GB = 1024 ** 3;

/** Usage is kept per minute: the start (epoch milliseconds) of the bucket a byte counted at `at` belongs to. */
export const usageBucket = (at: number): number => at - (at % 60_000);

/**
 * The usage that counts against a plan started at `since`: every bucket from the minute it started (so a
 * plan's first minute is never free). The dashboard, the generator and the gateway all use this one rule.
 */
export const usageSince = (since: SQL | Date): SQL =>
  sql`${usageRecords.bucket} >= date_trunc('minute', ${since instanceof Date ? since.toISOString() : since}::timestamptz)`;

/** Bytes through the gateway, both ways, for a customer's product since a moment (a plan's activation). */
export const usedGb = async (db: Db, userId: string, productType: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${usageRecords.bytesUp} + ${usageRecords.bytesDown})` })
    .from(usageRecords)
    .where(
      and(eq(usageRecords.userId, userId), eq(usageRecords.productType, productType), usageSince(since)),
    );
  return Number(row?.bytes ?? 0) / BYTES_PER_GB;
};

/** GB per day for the last `days` days of each product, oldest first, zeros included (the usage charts), in one query. */
export const dailyUsageGb = async (
  db: Db,
  userId: string,
  productTypes: string[],
  days: number,
  now = new Date(),
) => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await db
    .select({
      productType: usageRecords.productType,
      day: sql<string>`to_char(date_trunc('day', ${usageRecords.bucket} at time zone 'UTC'), 'YYYY-MM-DD')`,
      bytes: sql<string>`sum(${usageRecords.bytesUp} + ${usageRecords.bytesDown})`,
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.userId, userId),
        inArray(usageRecords.productType, productTypes),
        gte(usageRecords.bucket, start),
      ),
    )
    .groupBy(usageRecords.productType, sql`2`);
  const byKey = new Map(rows.map((r) => [`${r.productType}/${r.day}`, Number(r.bytes) / BYTES_PER_GB]));
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  return new Map(
    productTypes.map((type) => [
      type,
      dates.map((date) => ({ date, gb: Math.round((byKey.get(`${type}/${date}`) ?? 0) * 100) / 100 })),
    ]),
  );
};

/** Adds bytes to a customer's product in the bucket of `at` (the gateway's batches; the dev sample command). */
export const recordUsage = async (
  db: Db,
  usage: { userId: string; productType: string; bucket: Date; bytesUp: number; bytesDown: number },
) => {
  await db
    .insert(usageRecords)
    .values(usage)
    .onConflictDoUpdate({
      target: [usageRecords.userId, usageRecords.productType, usageRecords.bucket],
      set: {
        bytesUp: sql`${usageRecords.bytesUp} + ${usage.bytesUp}`,
        bytesDown: sql`${usageRecords.bytesDown} + ${usage.bytesDown}`,
      },
    });
};

export interface UsageRow {
  userId: string;
  productType: string;
  bucket: Date;
  bytesUp: number;
  bytesDown: number;
}

/**
 * Adds a gateway's batch of counts in one transaction, under the batch's id: a batch retried after a commit
 * whose answer was lost is found already applied and skipped. Answers whether this call applied it.
 */
export const recordUsageBatch = (db: Db, batchId: string, rows: UsageRow[]): Promise<boolean> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const fresh = await tx
      .insert(usageBatches)
      .values({ id: batchId })
      .onConflictDoNothing()
      .returning({ id: usageBatches.id });
    if (fresh.length === 0) return false;
    if (rows.length > 0) {
      await tx
        .insert(usageRecords)
        .values(rows)
        .onConflictDoUpdate({
          target: [usageRecords.userId, usageRecords.productType, usageRecords.bucket],
          set: {
            bytesUp: sql`${usageRecords.bytesUp} + excluded.bytes_up`,
            bytesDown: sql`${usageRecords.bytesDown} + excluded.bytes_down`,
          },
        });
    }
    return true;
  });

/** Forgets batch ids older than `before`: a retry comes within seconds, not days. */
export const pruneUsageBatches = async (db: Db, before: Date): Promise<void> => {
  await db.delete(usageBatches).where(lt(usageBatches.appliedAt, before));
};
