import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dailyUsageGb,
  HOURS_KEPT_MS,
  MINUTES_KEPT_MS,
  recordUsageBatch,
  rollUpUsage,
  schema,
  usedGb,
  type UsageRow,
} from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';
import { seedPaidInvoice, seedUser } from '../../../test-support/seed.js';

const bed = useTestDatabase();

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Mid-hour, so that the cut-offs fall inside the data. */
const NOW = new Date('2026-11-20T10:30:00Z');

let customers = 0;
/** A customer with an active plan of each product named. */
const customer = async (...products: string[]) => {
  customers += 1;
  const name = `usage${customers}`;
  const user = await seedUser(bed.database.db, name);
  const plans: Record<string, string> = {};
  for (const product of products) {
    const invoice = await seedPaidInvoice(bed.database.db, user.id, product, product);
    const [plan] = await bed.database.db
      .insert(schema.customerPlans)
      .values({
        userId: user.id,
        invoiceId: invoice.id,
        productType: product,
        planName: product,
        status: 'active',
        dataGb: 100,
        durationHours: 24 * 60,
        activatedAt: new Date(NOW.getTime() - 50 * DAY),
      })
      .returning();
    plans[product] = plan!.id;
  }
  return { userId: user.id, plans };
};

const bytesOf = async (planId: string) => (await usedGb(bed.database.db, planId)) * 1024 ** 3;

/** Every usage row, in a stable order, as plain values. */
const allRows = async () =>
  (await bed.database.db.select().from(schema.usageRecords))
    .map((r) => ({ ...r, bucket: r.bucket.toISOString() }))
    .sort((a, b) =>
      `${a.userId}/${a.productType}/${a.bucket}`.localeCompare(`${b.userId}/${b.productType}/${b.bucket}`),
    );

describe('plan totals (issue #14 §4)', () => {
  it('are the sum of the batches written, and a retried batch is applied once', async () => {
    const { userId, plans } = await customer('PR_2', 'PR_6');
    const row = (planId: string, productType: string, minute: number, up: number, down: number) => ({
      planId,
      userId,
      productType,
      bucket: new Date(NOW.getTime() + minute * MINUTE),
      bytesUp: up,
      bytesDown: down,
    });
    const first: UsageRow[] = [
      row(plans.PR_2!, 'PR_2', 0, 10, 100),
      row(plans.PR_2!, 'PR_2', 1, 20, 200),
      row(plans.PR_6!, 'PR_6', 0, 5, 50),
    ];
    const second: UsageRow[] = [row(plans.PR_2!, 'PR_2', 1, 1, 2), row(plans.PR_2!, 'PR_2', 1, 3, 4)];
    expect(await recordUsageBatch(bed.database.db, 'totals:1', first)).toBe(true);
    expect(await recordUsageBatch(bed.database.db, 'totals:2', second)).toBe(true);
    // Retried (a commit whose answer was lost), concurrently too: nothing counted twice.
    expect(
      await Promise.all([
        recordUsageBatch(bed.database.db, 'totals:1', first),
        recordUsageBatch(bed.database.db, 'totals:2', second),
        recordUsageBatch(bed.database.db, 'totals:2', second),
      ]),
    ).toEqual([false, false, false]);
    expect(await bytesOf(plans.PR_2!)).toBe(110 + 220 + 3 + 7);
    expect(await bytesOf(plans.PR_6!)).toBe(55);
    const rows = (await allRows()).filter((r) => r.userId === userId);
    expect(rows.map((r) => [r.productType, r.bytesUp, r.bytesDown])).toEqual([
      ['PR_2', 10, 100],
      ['PR_2', 24, 206],
      ['PR_6', 5, 50],
    ]);
  });

  it('count usage against no plan when it names none', async () => {
    const { userId, plans } = await customer('PR_2');
    await recordUsageBatch(bed.database.db, 'totals:none', [
      { planId: null, userId, productType: 'PR_2', bucket: NOW, bytesUp: 1, bytesDown: 1 },
    ]);
    expect(await bytesOf(plans.PR_2!)).toBe(0);
  });
});

/** What the roll-up must leave: each row in the bucket of its age (minute, hour or UTC day), summed. */
const expectedAfterRollUp = (rows: UsageRow[]) => {
  const hourCut = Math.floor((NOW.getTime() - MINUTES_KEPT_MS) / HOUR) * HOUR;
  const dayCut = Math.floor((NOW.getTime() - HOURS_KEPT_MS) / DAY) * DAY;
  const folded = new Map<string, { granularity: string; bucket: number; up: number; down: number }>();
  for (const row of rows) {
    const at = row.bucket.getTime();
    const [granularity, bucket] =
      at < dayCut
        ? ['day', at - (at % DAY)]
        : at < hourCut
          ? ['hour', at - (at % HOUR)]
          : ['minute', at - (at % MINUTE)];
    const key = `${row.userId}/${row.productType}/${new Date(bucket).toISOString()}`;
    const entry = folded.get(key) ?? { granularity, bucket, up: 0, down: 0 };
    entry.up += row.bytesUp;
    entry.down += row.bytesDown;
    folded.set(key, entry);
  }
  return [...folded.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, v]) => ({
      userId: key.split('/')[0],
      productType: key.split('/')[1],
      bucket: new Date(v.bucket).toISOString(),
      granularity: v.granularity,
      bytesUp: v.up,
      bytesDown: v.down,
    }));
};

/** Forty days of minutes for two customers (every `step` minutes, hour and day boundaries among them). */
const fortyDays = async () => {
  const a = await customer('PR_2', 'PR_6');
  const b = await customer('PR_2');
  const rows: UsageRow[] = [];
  const series = (who: typeof a, productType: string, step: number, seed: number) => {
    const start = NOW.getTime() - 40 * DAY - (NOW.getTime() % HOUR);
    for (let i = 0, at = start; at <= NOW.getTime(); i += 1, at += step * MINUTE) {
      rows.push({
        planId: who.plans[productType]!,
        userId: who.userId,
        productType,
        bucket: new Date(at),
        bytesUp: ((i * seed) % 997) + 1,
        bytesDown: ((i * seed * 31) % 100_003) + 7,
      });
    }
  };
  series(a, 'PR_2', 37, 7);
  series(a, 'PR_6', 60, 11);
  series(b, 'PR_2', 91, 13);
  for (let i = 0; i < rows.length; i += 2000)
    await recordUsageBatch(bed.database.db, `forty:${customers}:${i}`, rows.slice(i, i + 2000));
  return { a, b, rows };
};

/** What the customers see: the 30-day charts and their plans' used bytes. */
const figures = async ({ a, b }: Awaited<ReturnType<typeof fortyDays>>) => ({
  chartA: await dailyUsageGb(bed.database.db, a.userId, ['PR_2', 'PR_6'], 30, NOW),
  chartB: await dailyUsageGb(bed.database.db, b.userId, ['PR_2'], 30, NOW),
  plans: await Promise.all(
    [a.plans.PR_2!, a.plans.PR_6!, b.plans.PR_2!].map((id) => usedGb(bed.database.db, id)),
  ),
});

describe('the migration to plan totals (0002)', () => {
  it('backfills each plan with what the rule it replaces summed: its product since its first minute', async () => {
    const { userId, plans } = await customer('PR_2');
    const [plan] = await bed.database.db
      .select()
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.id, plans.PR_2!));
    const started = plan!.activatedAt!.getTime();
    const at = (ms: number) => new Date(ms);
    await bed.database.db.insert(schema.usageRecords).values([
      {
        userId,
        productType: 'PR_2',
        bucket: at(started - (started % MINUTE) - MINUTE),
        bytesUp: 1,
        bytesDown: 1,
      },
      { userId, productType: 'PR_2', bucket: at(started - (started % MINUTE)), bytesUp: 10, bytesDown: 20 },
      { userId, productType: 'PR_2', bucket: at(started + 5 * DAY), bytesUp: 100, bytesDown: 200 },
      { userId, productType: 'PR_6', bucket: at(started + DAY), bytesUp: 1000, bytesDown: 1000 },
    ]);
    const migration = await readFile(
      new URL('../migrations/0002_usage_totals_and_roll_ups.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "plan_usage"');
    await bed.database.db.delete(schema.planUsage);
    await bed.database.db.execute(sql.raw(backfill));
    expect(await bytesOf(plans.PR_2!)).toBe(330);
  });
});

describe('usage roll-up (issue #14 §4)', () => {
  beforeEach(async () => {
    await bed.database.db.delete(schema.usageRecords);
  });

  it('folds minutes into hours after 48 h and into days after 35 days, figures unchanged', async () => {
    const data = await fortyDays();
    const before = await figures(data);

    expect(await rollUpUsage(bed.database.db, NOW)).toBeGreaterThan(30);

    expect(await allRows()).toEqual(expectedAfterRollUp(data.rows));
    expect(await figures(data)).toEqual(before);
    // Run again: nothing left to fold, nothing changed.
    expect(await rollUpUsage(bed.database.db, NOW)).toBe(0);
    expect(await allRows()).toEqual(expectedAfterRollUp(data.rows));
    // An hour later, the next hour of minutes is folded.
    expect(await rollUpUsage(bed.database.db, new Date(NOW.getTime() + HOUR))).toBe(1);
    expect(await figures(data)).toEqual(before);
  }, 60_000);

  it('is safe run by several instances at once, beside late usage writes: no byte lost or counted twice', async () => {
    const data = await fortyDays();
    const before = await figures(data);
    // Usage of a past minute arriving while the roll-ups run (a gateway writing what it kept in an outage).
    const late: UsageRow[] = [3, 10, 40].map((daysAgo) => ({
      planId: data.a.plans.PR_2!,
      userId: data.a.userId,
      productType: 'PR_2',
      bucket: new Date(NOW.getTime() - daysAgo * DAY + 17 * MINUTE),
      bytesUp: 1000,
      bytesDown: 2000,
    }));
    const runs = await Promise.all([
      rollUpUsage(bed.database.db, NOW),
      rollUpUsage(bed.database.db, NOW),
      recordUsageBatch(bed.database.db, 'late:1', late),
      rollUpUsage(bed.database.db, NOW),
    ]);
    expect(runs[2]).toBe(true);
    // What a late row left unfolded, the next run folds.
    await rollUpUsage(bed.database.db, NOW);
    expect(await allRows()).toEqual(expectedAfterRollUp([...data.rows, ...late]));
    const after = await figures(data);
    expect(after.chartB).toEqual(before.chartB);
    expect(after.plans[0]! - before.plans[0]!).toBeCloseTo((3 * 3000) / 1024 ** 3, 15);
  }, 60_000);

  it('stops between days of rows when asked to, and goes on from there next time', async () => {
    const data = await fortyDays();
    let periods = 0;
    expect(await rollUpUsage(bed.database.db, NOW, { keepGoing: () => (periods += 1) <= 3 })).toBe(3);
    expect(await rollUpUsage(bed.database.db, NOW)).toBeGreaterThan(0);
    expect(await allRows()).toEqual(expectedAfterRollUp(data.rows));
  }, 60_000);
});

interface DayRow {
  user_id: string;
  product_type: string;
  day: string;
  up: string;
  down: string;
}

/** Each customer's product per UTC day, as the usage rows add up and as the day totals say. */
const daysBothWays = async () => {
  const fromRows = await bed.database.db.execute(
    sql`select user_id, product_type, (bucket at time zone 'UTC')::date::text as day,
          sum(bytes_up)::bigint as up, sum(bytes_down)::bigint as down
        from usage_records group by 1, 2, 3 order by 1, 2, 3`,
  );
  const fromDays = await bed.database.db.execute(
    sql`select user_id, product_type, day::text as day, bytes_up as up, bytes_down as down
        from usage_days order by 1, 2, 3`,
  );
  const rowsOf = (result: unknown) => (result as { rows: DayRow[] }).rows;
  return { fromRows: rowsOf(fromRows), fromDays: rowsOf(fromDays) };
};

describe('day totals (issue #14 §4: the charts read at most 30 rows per product)', () => {
  beforeEach(async () => {
    await bed.database.db.delete(schema.usageRecords);
    await bed.database.db.delete(schema.usageDays);
  });

  it('are kept with every write and agree with the usage rows before and after the roll-up', async () => {
    const data = await fortyDays();
    const before = await daysBothWays();
    expect(before.fromDays.length).toBeGreaterThan(60);
    expect(before.fromDays).toEqual(before.fromRows);
    await rollUpUsage(bed.database.db, NOW);
    const after = await daysBothWays();
    expect(after.fromRows).toEqual(before.fromRows);
    expect(after.fromDays).toEqual(before.fromDays);
    // The chart's last day is today's total.
    const today = (await figures(data)).chartA.get('PR_6')!.at(-1)!;
    const todayRow = after.fromDays.find(
      (r) => r.user_id === data.a.userId && r.product_type === 'PR_6' && r.day === '2026-11-20',
    )!;
    expect(today.gb).toBeCloseTo((Number(todayRow.up) + Number(todayRow.down)) / 1024 ** 3, 2);
  }, 60_000);

  it('take a batch of any size: 30,000 minutes in one batch, each counted once', async () => {
    const { userId, plans } = await customer('PR_2');
    const rows: UsageRow[] = Array.from({ length: 30_000 }, (_, i) => ({
      planId: plans.PR_2!,
      userId,
      productType: 'PR_2',
      bucket: new Date(NOW.getTime() - i * MINUTE),
      bytesUp: 1,
      bytesDown: 2,
    }));
    expect(await recordUsageBatch(bed.database.db, 'large:1', rows)).toBe(true);
    expect(await recordUsageBatch(bed.database.db, 'large:1', rows)).toBe(false);
    expect(await bytesOf(plans.PR_2!)).toBe(90_000);
    const { fromRows, fromDays } = await daysBothWays();
    expect(fromDays).toEqual(fromRows);
    expect(fromRows.reduce((sum, r) => sum + Number(r.up) + Number(r.down), 0)).toBe(90_000);
  }, 60_000);

  it('are backfilled by their migration (0006) from the rows kept so far', async () => {
    await fortyDays();
    await rollUpUsage(bed.database.db, NOW);
    const kept = await daysBothWays();
    const migration = await readFile(new URL('../migrations/0006_usage_days.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "usage_days"');
    await bed.database.db.delete(schema.usageDays);
    await bed.database.db.execute(sql.raw(backfill));
    expect((await daysBothWays()).fromDays).toEqual(kept.fromRows);
  }, 60_000);
});
