import { and, between, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { planUsage, planUsageDays, usageBatches, usageDays, usageRecords } from '../schema/index.js';
import { addLineUsage, type DomainCount } from './line-usage.js';
import { addSubuserUsage } from './subuser-usage.js';

export const BYTES_PER_GB = 1024 ** 3;

/** Usage is kept per minute: the start (epoch milliseconds) of the bucket a byte counted at `at` belongs to. */
export const usageBucket = (at: number): number => at - (at % 60_000);

/** The UTC day (YYYY-MM-DD) of an instant. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The bytes counted against a plan (both ways): its running total, kept with every usage write. The gateway's
 * quota, the dashboard and the generator all read this one rule.
 */
export const planUsedBytes = (planId: SQL | string): SQL =>
  sql`coalesce((select ${planUsage.usedBytes} from ${planUsage} where ${planUsage.customerPlanId} = ${planId}), 0)`;

/** GB used of a plan so far. */
export const usedGb = async (db: Db, planId: string): Promise<number> => {
  const [row] = await db
    .select({ bytes: planUsedBytes(planId).mapWith(Number) })
    .from(sql`(select 1) as one`);
  return (row?.bytes ?? 0) / BYTES_PER_GB;
};

/** The first UTC day (YYYY-MM-DD) of a chart of the last `days` days, today included. */
export const chartFirstDay = (days: number, now = new Date()): string =>
  utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1))));

/** The days of the last chart asked for: the same for every chart of a day (a hot path, ADR 008). */
let lastDates = { key: '', dates: [] as string[] };
const chartDates = (firstDay: string, days: number): string[] => {
  const key = `${firstDay}/${days}`;
  if (lastDates.key !== key) {
    const start = Date.parse(`${firstDay}T00:00:00Z`);
    const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(start + i * 86_400_000)));
    lastDates = { key, dates };
  }
  return lastDates.dates;
};

/** GB per day of each product from `firstDay` for `days` days, oldest first, zeros included (the usage charts). */
export const usageChart = (
  rows: { productType: string; day: string; bytes: number }[],
  productTypes: string[],
  firstDay: string,
  days: number,
) => {
  const byKey = new Map(rows.map((r) => [`${r.productType}/${r.day}`, r.bytes / BYTES_PER_GB]));
  const dates = chartDates(firstDay, days);
  return new Map(
    productTypes.map((type) => [
      type,
      dates.map((date) => ({ date, gb: Math.round((byKey.get(`${type}/${date}`) ?? 0) * 100) / 100 })),
    ]),
  );
};

/** GB per day for the last `days` days of each product, oldest first, zeros included (the usage charts), in one query. */
export const dailyUsageGb = async (
  db: Db,
  userId: string,
  productTypes: string[],
  days: number,
  now = new Date(),
) => {
  const firstDay = chartFirstDay(days, now);
  const rows = await db
    .select({
      productType: usageDays.productType,
      day: usageDays.day,
      bytes: sql`${usageDays.bytesUp} + ${usageDays.bytesDown}`.mapWith(Number),
    })
    .from(usageDays)
    .where(
      and(
        eq(usageDays.userId, userId),
        inArray(usageDays.productType, productTypes),
        gte(usageDays.day, firstDay),
      ),
    );
  return usageChart(rows, productTypes, firstDay, days);
};

/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
const CHUNK = 2000;

/** How merged rows add to the stored ones: a row already stored under `target` takes `set`. */
interface Adding<T extends PgTable> {
  target: IndexColumn[];
  set: PgUpdateSetSource<T>;
}

/** Upserts merged rows a chunk at a time (inside the caller's transaction), adding their counts to the stored ones. */
const addInChunks = async <T extends PgTable>(
  tx: Db,
  table: T,
  values: PgInsertValue<T>[],
  adding: Adding<T>,
) => {
  for (let i = 0; i < values.length; i += CHUNK)
    await tx
      .insert(table)
      .values(values.slice(i, i + CHUNK))
      .onConflictDoUpdate(adding);
};

/** Bytes counted both ways, as the customer's minutes and days keep them. */
interface BothWays {
  bytesUp: number;
  bytesDown: number;
}

/** Two rows of one key merged into one: their bytes add up. */
const addBothWays = (into: BothWays, row: BothWays) => {
  into.bytesUp += row.bytesUp;
  into.bytesDown += row.bytesDown;
};

/** A customer's minute or day (keyed by customer, product and that `time`): its bytes add to the stored ones. */
const addingBothWays = (table: typeof usageRecords | typeof usageDays, time: IndexColumn) => ({
  target: [table.userId, table.productType, time],
  set: {
    bytesUp: sql`${table.bytesUp} + excluded.bytes_up`,
    bytesDown: sql`${table.bytesDown} + excluded.bytes_down`,
  },
});

export interface UsageRow {
  /** The plan the bytes count against; null for usage that counts against none (the dev sample command). */
  planId: string | null;
  userId: string;
  productType: string;
  bucket: Date;
  bytesUp: number;
  bytesDown: number;
  /** The owner's sub-user whose line used them (issue #31); absent or null: the owner's own credentials. */
  subuserId?: string | null;
}

const byKey = <T>(rows: T[], key: (row: T) => string, add: (into: T, row: T) => void): T[] => {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const same = merged.get(key(row));
    if (same) add(same, row);
    else merged.set(key(row), { ...row });
  }
  // In key order: two writers lock the rows they share in the same order, and never deadlock.
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
};

/**
 * Inside the caller's transaction: adds the rows to their minutes (one row per customer, product and minute:
 * two plans of one product share it), to their UTC days and to their plans' running totals.
 */
const addUsage = async (tx: Db, rows: UsageRow[], domains: readonly DomainCount[] = []) => {
  const minutes = byKey(
    rows.map(({ planId: _, subuserId: __, ...row }) => row),
    (r) => `${r.userId}/${r.productType}/${r.bucket.toISOString()}`,
    addBothWays,
  );
  await addInChunks(tx, usageRecords, minutes, addingBothWays(usageRecords, usageRecords.bucket));
  const days = byKey(
    minutes.map(({ bucket, ...row }) => ({ ...row, day: utcDay(bucket) })),
    (r) => `${r.userId}/${r.productType}/${r.day}`,
    addBothWays,
  );
  await addInChunks(tx, usageDays, days, addingBothWays(usageDays, usageDays.day));
  const plans = byKey(
    rows.flatMap((r) =>
      r.planId === null ? [] : [{ customerPlanId: r.planId, usedBytes: r.bytesUp + r.bytesDown }],
    ),
    (p) => p.customerPlanId,
    (into, p) => {
      into.usedBytes += p.usedBytes;
    },
  );
  await addInChunks(tx, planUsage, plans, {
    target: [planUsage.customerPlanId],
    set: { usedBytes: sql`${planUsage.usedBytes} + excluded.used_bytes` },
  });
  const planDays = byKey(
    rows.flatMap((r) =>
      r.planId === null
        ? []
        : [{ customerPlanId: r.planId, day: utcDay(r.bucket), bytes: r.bytesUp + r.bytesDown }],
    ),
    (p) => `${p.customerPlanId}/${p.day}`,
    (into, p) => {
      into.bytes += p.bytes;
    },
  );
  await addInChunks(tx, planUsageDays, planDays, {
    target: [planUsageDays.customerPlanId, planUsageDays.day],
    set: { bytes: sql`${planUsageDays.bytes} + excluded.bytes` },
  });
  // In the same transaction as the plans' totals: the sub-users' and the owner's bytes add up to the plan's.
  await addSubuserUsage(tx, rows);
  // Per set of credentials, hours and days from the same rows (issue #31 item 4): each plan's add up to its own.
  await addLineUsage(tx, rows, domains);
};

/**
 * A plan's bytes per UTC day from `from` to `to` (YYYY-MM-DD, both included), oldest first, zeros included, and
 * its running total: the days of its whole life add up to that total, as both are written together.
 */
export const planDailyBytes = async (db: Db, planId: string, from: string, to: string) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ day: planUsageDays.day, bytes: planUsageDays.bytes })
      .from(planUsageDays)
      .where(and(eq(planUsageDays.customerPlanId, planId), between(planUsageDays.day, from, to))),
    db.select({ bytes: planUsedBytes(planId).mapWith(Number) }).from(sql`(select 1) as one`),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.bytes)]));
  const days: { date: string; bytes: number }[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    const date = utcDay(new Date(at));
    days.push({ date, bytes: byDay.get(date) ?? 0 });
  }
  return { days, totalBytes: total?.bytes ?? 0 };
};

/** Adds bytes to a customer's product in the bucket of `at`, and to its plan (the dev sample command, tests). */
export const recordUsage = (db: Db, usage: UsageRow): Promise<void> =>
  db.transaction((t) => addUsage(t as unknown as Db, [usage]));

/**
 * Adds a gateway's batch of counts in one transaction, under the batch's id: a batch retried after a commit
 * whose answer was lost is found already applied and skipped. Answers whether this call applied it.
 */
export const recordUsageBatch = (
  db: Db,
  batchId: string,
  rows: UsageRow[],
  domains: readonly DomainCount[] = [],
): Promise<boolean> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const fresh = await tx
      .insert(usageBatches)
      .values({ id: batchId })
      .onConflictDoNothing()
      .returning({ id: usageBatches.id });
    if (fresh.length === 0) return false;
    await addUsage(tx, rows, domains);
    return true;
  });

/** Forgets batch ids older than `before`: a retry comes within seconds, not days. */
export const pruneUsageBatches = async (db: Db, before: Date): Promise<void> => {
  await db.delete(usageBatches).where(lt(usageBatches.appliedAt, before));
};
