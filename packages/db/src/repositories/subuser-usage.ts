import { and, asc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { subusers } from '../schema/index.js';
import { queueSubuserAlerts } from './subuser-alerts.js';
import { periodStartAt } from './subusers.js';

/** Rows per statement (PostgreSQL takes at most 65,535 parameters in one). */
const CHUNK = 2000;

/** What `addSubuserUsage` needs of a usage row. */
export interface SubuserBytes {
  subuserId?: string | null | undefined;
  bucket: Date;
  bytesUp: number;
  bytesDown: number;
}

/**
 * Inside the usage batch's transaction (issue #31 item 2): adds each sub-user's bytes to its lifetime count and
 * to its period's. A `day` / `month` count whose period has turned (its `period_start` before 00:00 UTC of the
 * bytes' day / month) starts again from these bytes at that period's start. Bytes are grouped per UTC day of
 * their minute, so a batch across midnight counts each side in its own day. Rows are locked in id order
 * first: two gateways writing the same sub-users never deadlock. A sub-user deleted meanwhile is skipped (its
 * bytes still count against the owner's plan). Then the owner is alerted of each limit crossed at 80 % or 100 %
 * (`queueSubuserAlerts`), in this same transaction.
 */
export const addSubuserUsage = async (tx: Db, rows: readonly SubuserBytes[]): Promise<void> => {
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (!row.subuserId) continue;
    const day = row.bucket.toISOString().slice(0, 10);
    const sums = byDay.get(day) ?? new Map<string, number>();
    byDay.set(day, sums);
    sums.set(row.subuserId, (sums.get(row.subuserId) ?? 0) + row.bytesUp + row.bytesDown);
  }
  if (byDay.size === 0) return;
  const ids = [...new Set([...byDay.values()].flatMap((sums) => [...sums.keys()]))].sort();
  for (let i = 0; i < ids.length; i += CHUNK)
    await tx
      .select({ id: subusers.id })
      .from(subusers)
      .where(inArray(subusers.id, ids.slice(i, i + CHUNK)))
      .orderBy(asc(subusers.id))
      .for('update');
  for (const day of [...byDay.keys()].sort()) {
    const at = new Date(`${day}T00:00:00Z`);
    const start = sql`(case s.limit_period when 'day' then ${periodStartAt('day', at)!.toISOString()}::timestamptz
      else ${periodStartAt('month', at)!.toISOString()}::timestamptz end)`;
    const same = sql`(s.limit_period = 'lifetime' or s.period_start >= ${start})`;
    const sums = [...byDay.get(day)!].sort(([a], [b]) => (a < b ? -1 : 1));
    for (let i = 0; i < sums.length; i += CHUNK) {
      const values = sql.join(
        sums.slice(i, i + CHUNK).map(([id, bytes]) => sql`(${id}::uuid, ${bytes}::bigint)`),
        sql`, `,
      );
      await tx.execute(sql`update ${subusers} as s set
        used_bytes = s.used_bytes + v.bytes,
        period_used_bytes = case when ${same} then s.period_used_bytes + v.bytes else v.bytes end,
        period_start = case when ${same} then s.period_start else ${start} end
        from (values ${values}) as v(id, bytes) where s.id = v.id`);
    }
  }
  for (let i = 0; i < ids.length; i += CHUNK)
    await queueSubuserAlerts(
      tx,
      await tx
        .select()
        .from(subusers)
        .where(and(inArray(subusers.id, ids.slice(i, i + CHUNK)), isNotNull(subusers.limitBytes))),
    );
};
