import { and, asc, count, eq, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { subusers, users, type SubuserLimitPeriod } from '../schema/index.js';
import { ownRow } from './own-row.js';

/**
 * A customer's sub-users (issue #31, ADR 018). Every function takes the owner's id: another customer's sub-user
 * (or a malformed id) is simply not found. Every change is announced to the gateways in its transaction.
 */

export type Subuser = typeof subusers.$inferSelect;

/** The columns a customer may change, and the ones the shop makes anew. */
export type SubuserChange = Partial<
  Pick<
    Subuser,
    | 'paused'
    | 'limitBytes'
    | 'limitPeriod'
    | 'allowedCountries'
    | 'proxyPassword'
    | 'maxSources'
    | 'maxConnections'
  >
>;

/** The start of the period a `month` / `day` limit counts in at `now` (00:00 UTC); null for `lifetime`. */
export const periodStartAt = (period: SubuserLimitPeriod, now: Date): Date | null => {
  if (period === 'lifetime') return null;
  const day = period === 'day' ? now.getUTCDate() : 1;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
};

/** What the sub-user's limit counts now: its lifetime bytes, or its period's (0 once the period has turned). */
export const bytesTowardLimit = (
  subuser: Pick<Subuser, 'limitPeriod' | 'usedBytes' | 'periodUsedBytes' | 'periodStart'>,
  now = new Date(),
): number => {
  const start = periodStartAt(subuser.limitPeriod, now);
  if (!start) return subuser.usedBytes;
  return subuser.periodStart.getTime() >= start.getTime() ? subuser.periodUsedBytes : 0;
};

const own = (userId: string, id: string) => ownRow(subusers, userId, id);

export const listSubusers = (db: Db, userId: string, productType: string): Promise<Subuser[]> =>
  db
    .select()
    .from(subusers)
    .where(and(eq(subusers.userId, userId), eq(subusers.productType, productType)))
    .orderBy(asc(subusers.createdAt), asc(subusers.id));

export const countSubusers = async (db: Db, userId: string): Promise<number> =>
  (await db.select({ n: count() }).from(subusers).where(eq(subusers.userId, userId)))[0]?.n ?? 0;

export const findOwnSubuser = async (db: Db, userId: string, id: string): Promise<Subuser | undefined> =>
  isUuid(id) ? (await db.select().from(subusers).where(own(userId, id)))[0] : undefined;

export type CreateSubuserOutcome = Subuser | 'full' | 'duplicate-name' | 'username-taken';

/**
 * Adds a sub-user unless the owner has `max` already or one of that name under the product. The owner's row is
 * locked for the count, so concurrent creations of one customer cannot pass the cap together.
 */
export const createSubuser = (
  db: Db,
  input: { userId: string; productType: string; name: string; proxyUsername: string; proxyPassword: string },
  max: number,
): Promise<CreateSubuserOutcome> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if ((await countSubusers(tx, input.userId)) >= max) return 'full';
    const sameName = await tx
      .select({ id: subusers.id })
      .from(subusers)
      .where(
        and(
          eq(subusers.userId, input.userId),
          eq(subusers.productType, input.productType),
          sql`lower(${subusers.name}) = lower(${input.name})`,
        ),
      );
    if (sameName.length > 0) return 'duplicate-name';
    const [made] = await tx.insert(subusers).values(input).onConflictDoNothing().returning();
    if (!made) return 'username-taken';
    await notifyAccessChanged(tx);
    return made;
  });

/** Changes an own sub-user; undefined when there is none of that id. */
export const updateSubuser = (
  db: Db,
  userId: string,
  id: string,
  change: SubuserChange,
): Promise<Subuser | undefined> =>
  isUuid(id)
    ? db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [changed] = await tx.update(subusers).set(change).where(own(userId, id)).returning();
        if (changed) await notifyAccessChanged(tx);
        return changed;
      })
    : Promise.resolve(undefined);

export const deleteSubuser = (db: Db, userId: string, id: string): Promise<boolean> =>
  isUuid(id)
    ? db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const gone = await tx.delete(subusers).where(own(userId, id)).returning({ id: subusers.id });
        if (gone.length > 0) await notifyAccessChanged(tx);
        return gone.length > 0;
      })
    : Promise.resolve(false);
