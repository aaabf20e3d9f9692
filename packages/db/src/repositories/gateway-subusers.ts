import { gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { subuserDeletions, subusers } from '../schema/index.js';
import type { Subuser } from './subusers.js';

/**
 * A sub-user as the gateway keeps it in its snapshot (issue #31): all of its row but the name, the dates and the
 * last usage alert sent.
 */
export type GatewaySubuser = Omit<Subuser, 'name' | 'createdAt' | 'updatedAt' | 'alertedKey'>;

const columns = {
  id: subusers.id,
  userId: subusers.userId,
  productType: subusers.productType,
  proxyUsername: subusers.proxyUsername,
  proxyPassword: subusers.proxyPassword,
  paused: subusers.paused,
  limitBytes: subusers.limitBytes,
  limitPeriod: subusers.limitPeriod,
  allowedCountries: subusers.allowedCountries,
  usedBytes: subusers.usedBytes,
  periodUsedBytes: subusers.periodUsedBytes,
  periodStart: subusers.periodStart,
  maxSources: subusers.maxSources,
  maxConnections: subusers.maxConnections,
};

/**
 * Every sub-user, for the gateway's snapshot: a line whose username names one (`s…-residential`) is judged with
 * it, and its bytes are charged to the owner's current plan of its product (ADR 018).
 */
export const loadSubusers = (db: Db): Promise<GatewaySubuser[]> => db.select(columns).from(subusers);

/** The database's clock now: where the next `loadSubuserChanges` starts from (no gateway clock involved). */
export const databaseNow = async (db: Db): Promise<Date> => {
  const result: unknown = await db.execute(sql`select clock_timestamp() as now`);
  return new Date((result as { rows: { now: string | Date }[] }).rows[0]!.now);
};

/**
 * The sub-users written and the ids deleted since `since` (the triggers of migration 0023 stamp both with the
 * clock): what a re-read of the gateway's snapshot needs beside the copy it has (ADR 018).
 */
export const loadSubuserChanges = async (
  db: Db,
  since: Date,
): Promise<{ changed: GatewaySubuser[]; deleted: string[] }> => {
  const [changed, deleted] = await Promise.all([
    db.select(columns).from(subusers).where(gt(subusers.updatedAt, since)),
    db
      .select({ id: subuserDeletions.id })
      .from(subuserDeletions)
      .where(gt(subuserDeletions.deletedAt, since)),
  ]);
  return { changed, deleted: deleted.map((row) => row.id) };
};

/** Deletions older than any re-read's reach: the gateway prunes them hourly. */
export const pruneSubuserDeletions = async (db: Db, before: Date): Promise<void> => {
  await db.delete(subuserDeletions).where(lt(subuserDeletions.deletedAt, before));
};
