import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { lineDomains, lineUsage, type LineUsageGranularity } from '../schema/index.js';
import { LINE_USAGE_KEEP } from './line-usage.js';

/** Whose usage: one sub-user (over every plan it counted under), or the owner's own lines on one plan. */
export type Credential = { subuserId: string } | { planId: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The buckets of a series ending now: 7 days of hours (168) or 90 UTC days, oldest first. */
export const lineUsageBuckets = (granularity: LineUsageGranularity, now = new Date()): Date[] => {
  const step = granularity === 'hour' ? HOUR : DAY;
  const count = granularity === 'hour' ? LINE_USAGE_KEEP.hourDays * 24 : LINE_USAGE_KEEP.dayDays;
  const last = now.getTime() - (now.getTime() % step);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * step));
};

const whose = (table: typeof lineUsage | typeof lineDomains, credential: Credential): SQL | undefined =>
  'subuserId' in credential
    ? eq(table.subuserId, credential.subuserId)
    : and(eq(table.customerPlanId, credential.planId), isNull(table.subuserId));

/** Bytes per hour (7 days) or UTC day (90 days), oldest first, zeros included; a sub-user's plans summed. */
export const lineUsageSeries = async (
  db: Db,
  credential: Credential,
  granularity: LineUsageGranularity,
  now = new Date(),
): Promise<{ at: Date; bytes: number }[]> => {
  const buckets = lineUsageBuckets(granularity, now);
  const rows = await db
    .select({ bucket: lineUsage.bucket, bytes: sql`sum(${lineUsage.bytes})`.mapWith(Number) })
    .from(lineUsage)
    .where(
      and(
        whose(lineUsage, credential),
        eq(lineUsage.granularity, granularity),
        gte(lineUsage.bucket, buckets[0]!),
      ),
    )
    .groupBy(lineUsage.bucket);
  const byTime = new Map(rows.map((row) => [row.bucket.getTime(), row.bytes]));
  return buckets.map((at) => ({ at, bytes: byTime.get(at.getTime()) ?? 0 }));
};

/** The top 20 hosts of one UTC day by bytes (a sub-user's plans summed), with their connections. */
export const lineTopDomains = async (db: Db, credential: Credential, day: string) =>
  db
    .select({
      host: lineDomains.host,
      bytes: sql`sum(${lineDomains.bytes})`.mapWith(Number),
      connections: sql`sum(${lineDomains.connections})`.mapWith(Number),
    })
    .from(lineDomains)
    .where(and(whose(lineDomains, credential), eq(lineDomains.day, day)))
    .groupBy(lineDomains.host)
    .orderBy(desc(sql`sum(${lineDomains.bytes})`), lineDomains.host)
    .limit(LINE_USAGE_KEEP.topDomains);
