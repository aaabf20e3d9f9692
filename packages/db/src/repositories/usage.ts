import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { usageRecords } from '../schema/index.js';

const GB = 1024 ** 3;

/** Bytes through the gateway, both ways, for a customer's product since a moment (a plan's activation). */
export const usedGb = async (db: Db, userId: string, productType: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${usageRecords.bytesUp} + ${usageRecords.bytesDown})` })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), eq(usageRecords.productType, productType), gte(usageRecords.bucket, since)));
  return Number(row?.bytes ?? 0) / GB;
};

/** GB per day for the last `days` days of each product, oldest first, zeros included (the usage charts), in one query. */
export const dailyUsageGb = async (db: Db, userId: string, productTypes: string[], days: number, now = new Date()) => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await db
    .select({
      productType: usageRecords.productType,
      day: sql<string>`to_char(date_trunc('day', ${usageRecords.bucket} at time zone 'UTC'), 'YYYY-MM-DD')`,
      bytes: sql<string>`sum(${usageRecords.bytesUp} + ${usageRecords.bytesDown})`,
    })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), inArray(usageRecords.productType, productTypes), gte(usageRecords.bucket, start)))
    .groupBy(usageRecords.productType, sql`2`);
  const byKey = new Map(rows.map((r) => [`${r.productType}/${r.day}`, Number(r.bytes) / GB]));
  const dates = Array.from({ length: days }, (_, i) => new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  return new Map(
    productTypes.map((type) => [type, dates.map((date) => ({ date, gb: Math.round((byKey.get(`${type}/${date}`) ?? 0) * 100) / 100 }))]),
  );
};

/** Adds bytes to a customer's product in the bucket of `at` (the gateway's batches; the dev sample command). */
export const recordUsage = async (db: Db, usage: { userId: string; productType: string; bucket: Date; bytesUp: number; bytesDown: number }) => {
  await db
    .insert(usageRecords)
    .values(usage)
    .onConflictDoUpdate({
      target: [usageRecords.userId, usageRecords.productType, usageRecords.bucket],
      set: { bytesUp: sql`${usageRecords.bytesUp} + ${usage.bytesUp}`, bytesDown: sql`${usageRecords.bytesDown} + ${usage.bytesDown}` },
    });
};
