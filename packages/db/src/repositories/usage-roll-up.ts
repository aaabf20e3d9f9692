import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { usageRecords, type USAGE_GRANULARITIES } from '../schema/index.js';

type Granularity = (typeof USAGE_GRANULARITIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Minutes are kept this long, then folded into hours. */
export const MINUTES_KEPT_MS = 48 * HOUR_MS;
/** Hours are kept this long, then folded into (UTC) days. */
export const HOURS_KEPT_MS = 35 * DAY_MS;

/** Any number 64-bit; identifies "ProxyDesk usage roll-up" among advisory locks. */
const ROLL_UP_LOCK = 7_234_002;

interface Level {
  into: Granularity;
  /** The finer rows this level folds. */
  from: Granularity[];
  /** The period a row is folded into, as a PostgreSQL interval. */
  unit: '1 hour' | '1 day';
  /** Rows whose bucket is before this are folded. */
  before: (now: number) => number;
}

const floorTo = (ms: number, span: number) => ms - (ms % span);

// Days first: a minute row older than 35 days goes straight into its day.
const LEVELS: Level[] = [
  {
    into: 'day',
    from: ['minute', 'hour'],
    unit: '1 day',
    before: (now) => floorTo(now - HOURS_KEPT_MS, DAY_MS),
  },
  {
    into: 'hour',
    from: ['minute'],
    unit: '1 hour',
    before: (now) => floorTo(now - MINUTES_KEPT_MS, HOUR_MS),
  },
];

/** The start of the (UTC) hour or day of a bucket. */
const periodOf = (level: Level, bucket: SQL) =>
  sql`date_bin(${sql.raw(`interval '${level.unit}'`)}, ${bucket}, timestamptz '2000-01-01T00:00:00Z')`;

/**
 * The rows of `level` in the oldest UTC day that has any, in one transaction under the roll-up's advisory
 * lock: the rows after the first instant of their hour (or day) are deleted and their sums added to the row at
 * that instant, which then is the period's row. Answers whether there was such a day (false also when another
 * instance holds the lock: it is rolling up).
 */
const foldOldestDay = (db: Db, level: Level, now: number): Promise<boolean> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [lock] = await tx
      .select({ held: sql<boolean>`pg_try_advisory_xact_lock(${ROLL_UP_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.held) return false;
    const before = level.before(now);
    // The oldest per granularity: each is one look into the roll-up index.
    const oldest = sql.join(
      level.from.map(
        (g) =>
          sql`(select min(${usageRecords.bucket}) from ${usageRecords} where ${usageRecords.granularity} = ${g} and ${usageRecords.bucket} < ${new Date(before).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const [found] = await tx
      .select({ ms: sql<string | null>`extract(epoch from least(${oldest})) * 1000` })
      .from(sql`(select 1) as one`);
    if (found?.ms === null || found?.ms === undefined) return false;
    const day = floorTo(Number(found.ms), DAY_MS);
    const start = sql`${new Date(day).toISOString()}::timestamptz`;
    const end = sql`${new Date(Math.min(day + DAY_MS, before)).toISOString()}::timestamptz`;
    const rows = sql`${usageRecords.granularity} in (${sql.join(
      level.from.map((g) => sql`${g}`),
      sql`, `,
    )}) and ${usageRecords.bucket} >= ${start} and ${usageRecords.bucket} < ${end}`;
    const period = periodOf(level, sql`${usageRecords.bucket}`);
    await tx.execute(sql`
      with folded as (
        delete from ${usageRecords} where ${rows} and ${usageRecords.bucket} <> ${period}
        returning user_id, product_type, bucket, bytes_up, bytes_down
      )
      insert into ${usageRecords} (user_id, product_type, bucket, granularity, bytes_up, bytes_down)
      select user_id, product_type, ${periodOf(level, sql`bucket`)}, ${level.into}, sum(bytes_up), sum(bytes_down)
      from folded group by 1, 2, 3
      on conflict (user_id, product_type, bucket) do update set
        bytes_up = ${usageRecords}.bytes_up + excluded.bytes_up,
        bytes_down = ${usageRecords}.bytes_down + excluded.bytes_down,
        granularity = excluded.granularity`);
    // A period's first row with nothing after it to fold is its period's row as it stands.
    await tx.execute(
      sql`update ${usageRecords} set granularity = ${level.into} where ${rows} and ${usageRecords.bucket} = ${period}`,
    );
    return true;
  });

export interface RollUpOptions {
  /** Asked between days of rows: false stops the run (a gateway shutting down); the next run goes on from there. */
  keepGoing?: () => boolean;
}

/**
 * Rolls usage up (issue #14): per-minute rows older than 48 hours into hourly rows, anything older than 35
 * days into daily (UTC) rows, one UTC day of rows per transaction, oldest first. Sums per UTC day, per customer and
 * product, and the plans' running totals are unchanged by it. Idempotent, and safe to run from several
 * gateways or API instances at once: an advisory lock lets one fold at a time, and the others stop. Answers
 * how many days of rows it folded.
 */
export const rollUpUsage = async (
  db: Db,
  now = new Date(),
  { keepGoing = () => true }: RollUpOptions = {},
): Promise<number> => {
  let folded = 0;
  for (const level of LEVELS) {
    while (keepGoing() && (await foldOldestDay(db, level, now.getTime()))) folded += 1;
  }
  return folded;
};
