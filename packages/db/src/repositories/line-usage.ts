import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';

// Usage per set of credentials (issue #31 item 4, ADR 006): each sub-user, and the owner per plan, per hour and
// per UTC day, and the target hosts per day. Written in the usage batch's transaction, after the sub-users'
// counts (whose rows it then holds locked: a sub-user deleted meanwhile is skipped, as its counts are).

/** How long rows are kept: hours 7 days, days 90, domains 30; a finished day keeps its top 20 hosts. */
export const LINE_USAGE_KEEP = { hourDays: 7, dayDays: 90, domainDays: 30, topDomains: 20 } as const;

/** What `addLineUsage` needs of a usage row. */
export interface LineBytes {
  planId: string | null;
  subuserId?: string | null | undefined;
  bucket: Date;
  bytesUp: number;
  bytesDown: number;
}

/** A host's bytes and new connections on one set of credentials and UTC day, as a gateway gathered them. */
export interface DomainCount {
  planId: string;
  subuserId?: string | null | undefined;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** A host name or address, lower-case, never a path or a URL. */
  host: string;
  bytes: number;
  connections: number;
}

interface BucketRow {
  planId: string;
  subuserId: string | null;
  granularity: 'hour' | 'day';
  /** ISO 8601: the start of the hour or UTC day. */
  bucket: string;
  bytes: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Rows per statement (PostgreSQL takes at most 65,535 parameters in one). */
const CHUNK = 2000;

/** Sums `rows` by key, in key order: two writers lock the rows they share in the same order. */
const summed = <T extends object>(rows: Iterable<[string, T]>, add: (into: T, row: T) => void): T[] => {
  const byKey = new Map<string, T>();
  for (const [key, row] of rows) {
    const same = byKey.get(key);
    if (same) add(same, row);
    else byKey.set(key, { ...row });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
};

/** Upserts `values` (SQL tuples) a chunk at a time, skipping sub-users gone meanwhile. */
const upsert = async (tx: Db, values: SQL[], statement: (values: SQL) => SQL) => {
  for (let i = 0; i < values.length; i += CHUNK)
    await tx.execute(statement(sql.join(values.slice(i, i + CHUNK), sql`, `)));
};

const exists = sql`(v.subuser_id is null or exists (select 1 from subusers s where s.id = v.subuser_id))`;

/** Inside the batch's transaction: adds the rows to their hours and days, and the hosts to their days. */
export const addLineUsage = async (
  tx: Db,
  rows: readonly LineBytes[],
  domains: readonly DomainCount[] = [],
): Promise<void> => {
  const buckets = summed(
    rows.flatMap((row) => {
      if (row.planId === null) return [];
      const at = row.bucket.getTime();
      const bytes = row.bytesUp + row.bytesDown;
      return (['hour', 'day'] as const).map((granularity): [string, BucketRow] => {
        const bucket = new Date(at - (at % (granularity === 'hour' ? HOUR : DAY))).toISOString();
        const key = `${row.planId}/${row.subuserId ?? ''}/${granularity}/${bucket}`;
        return [key, { planId: row.planId!, subuserId: row.subuserId ?? null, granularity, bucket, bytes }];
      });
    }),
    (into, row) => {
      into.bytes += row.bytes;
    },
  );
  await upsert(
    tx,
    buckets.map(
      (b) =>
        sql`(${b.planId}::uuid, ${b.subuserId}::uuid, ${b.granularity}, ${b.bucket}::timestamptz, ${b.bytes}::bigint)`,
    ),
    (values) => sql`insert into line_usage (customer_plan_id, subuser_id, granularity, bucket, bytes)
      select v.plan_id, v.subuser_id, v.granularity, v.bucket, v.bytes
      from (values ${values}) as v(plan_id, subuser_id, granularity, bucket, bytes) where ${exists}
      on conflict (customer_plan_id, subuser_id, granularity, bucket)
      do update set bytes = line_usage.bytes + excluded.bytes`,
  );
  const hosts = summed(
    domains.map((d): [string, DomainCount] => [`${d.planId}/${d.subuserId ?? ''}/${d.day}/${d.host}`, d]),
    (into, d) => {
      into.bytes += d.bytes;
      into.connections += d.connections;
    },
  );
  await upsert(
    tx,
    hosts.map(
      (d) =>
        sql`(${d.planId}::uuid, ${d.subuserId ?? null}::uuid, ${d.day}::date, ${d.host}, ${d.bytes}::bigint, ${d.connections}::int)`,
    ),
    (values) => sql`insert into line_domains (customer_plan_id, subuser_id, day, host, bytes, connections)
      select v.plan_id, v.subuser_id, v.day, v.host, v.bytes, v.connections
      from (values ${values}) as v(plan_id, subuser_id, day, host, bytes, connections) where ${exists}
      on conflict (customer_plan_id, subuser_id, day, host)
      do update set bytes = line_domains.bytes + excluded.bytes,
        connections = line_domains.connections + excluded.connections`,
  );
};

const countOf = (result: unknown): number =>
  Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);

/**
 * Deletes hours older than 7 days, days older than 90 and hosts older than 30, and trims each finished day
 * (before `now`'s UTC day) to its top 20 hosts by bytes. Idempotent. Answers how many rows of each went.
 */
export const pruneLineUsage = async (db: Db, now = new Date()) => {
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const today = now.toISOString().slice(0, 10);
  const hours = await db.execute(sql`delete from line_usage
    where granularity = 'hour' and bucket < ${ago(LINE_USAGE_KEEP.hourDays)}::timestamptz returning 1`);
  const days = await db.execute(sql`delete from line_usage
    where granularity = 'day' and bucket < ${ago(LINE_USAGE_KEEP.dayDays)}::timestamptz returning 1`);
  const old = await db.execute(sql`delete from line_domains
    where day < ${ago(LINE_USAGE_KEEP.domainDays)}::date returning 1`);
  const trimmed = await db.execute(sql`delete from line_domains d using (
      select customer_plan_id, subuser_id, day, host, row_number() over (
        partition by customer_plan_id, subuser_id, day order by bytes desc, host) as rank
      from line_domains where day < ${today}::date) r
    where r.rank > ${LINE_USAGE_KEEP.topDomains} and d.customer_plan_id = r.customer_plan_id
      and d.subuser_id is not distinct from r.subuser_id and d.day = r.day and d.host = r.host
    returning 1`);
  return {
    hours: countOf(hours),
    days: countOf(days),
    domains: countOf(old) + countOf(trimmed),
  };
};
