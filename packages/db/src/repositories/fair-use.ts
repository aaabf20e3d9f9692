import { FAIR_USE_PRODUCTS, type FairUseMaximum } from '@proxydesk/contract';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { fairUseMaximums, fairUseSources, ownerFairUse } from '../schema/index.js';
import { auditedChange } from './admin-audited.js';
import type { Actor } from './admin.js';

/**
 * Fair use (issue #31 item 3, ADR 018): the shop's maximums per plan type, the owners' caps of their own lines
 * (a sub-user's are on its row) and the source addresses the gateways saw. Every change of a maximum or a cap is
 * announced to the gateways in its transaction.
 */

export interface FairUseCaps {
  maxSources: number | null;
  maxConnections: number | null;
}

/** Each plan type's maximums: the console's, or `defaults` (GATEWAY_FAIR_USE_*) for a type it never set. */
export const loadFairUseMaximums = async (
  db: Db,
  defaults: FairUseMaximum,
): Promise<Map<string, FairUseMaximum>> => {
  const rows = await db.select().from(fairUseMaximums);
  const set = new Map(rows.map(({ productType, ...maximum }) => [productType, maximum]));
  return new Map(
    FAIR_USE_PRODUCTS.map((product) => {
      const row = set.get(product);
      return [
        product,
        row
          ? {
              maxSources: row.maxSources,
              windowMinutes: row.windowMinutes,
              maxConnections: row.maxConnections,
            }
          : defaults,
      ];
    }),
  );
};

/** A plan type's maximums set in the console, audited with before → after; announced to the gateways. */
export const setFairUseMaximum = (
  db: Db,
  actor: Actor,
  productType: string,
  maximum: FairUseMaximum,
  before: FairUseMaximum,
  reason: string,
): Promise<FairUseMaximum | undefined> =>
  auditedChange(
    db,
    actor,
    { action: 'fair-use.set', targetType: 'plan-type', targetId: productType, reason },
    async (tx) => {
      await tx
        .insert(fairUseMaximums)
        .values({ productType, ...maximum })
        .onConflictDoUpdate({
          target: fairUseMaximums.productType,
          set: { ...maximum, updatedAt: new Date() },
        });
      await notifyAccessChanged(tx);
      return { before, after: maximum, result: maximum };
    },
  );

/** Every owner's caps, for the gateway's snapshot: `userId/PR_x` → caps. */
export const loadOwnerFairUse = async (db: Db): Promise<Map<string, FairUseCaps>> => {
  const rows = await db.select().from(ownerFairUse);
  return new Map(
    rows.map((row) => [
      `${row.userId}/${row.productType}`,
      { maxSources: row.maxSources, maxConnections: row.maxConnections },
    ]),
  );
};

export const findOwnerFairUse = async (db: Db, userId: string, productType: string): Promise<FairUseCaps> => {
  const [row] = await db
    .select({ maxSources: ownerFairUse.maxSources, maxConnections: ownerFairUse.maxConnections })
    .from(ownerFairUse)
    .where(and(eq(ownerFairUse.userId, userId), eq(ownerFairUse.productType, productType)));
  return row ?? { maxSources: null, maxConnections: null };
};

/** The owner's caps of the owner's line of a product (fields left out stay); announced to the gateways. */
export const setOwnerFairUse = (
  db: Db,
  userId: string,
  productType: string,
  change: Partial<FairUseCaps>,
): Promise<FairUseCaps> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(ownerFairUse)
      .values({ userId, productType, maxSources: null, maxConnections: null, ...change })
      .onConflictDoUpdate({
        target: [ownerFairUse.userId, ownerFairUse.productType],
        // Nothing to change still answers the row (a no-op update rather than an empty SET).
        set: Object.keys(change).length > 0 ? change : { productType },
      })
      .returning({ maxSources: ownerFairUse.maxSources, maxConnections: ownerFairUse.maxConnections });
    await notifyAccessChanged(tx);
    return row!;
  });

export interface SeenSource {
  /** The sub-user's id, or `userId/PR_x` for the owner's line. */
  credential: string;
  userId: string;
  productType: string;
  subuserId?: string | undefined;
  address: string;
  lastSeen: Date;
}

/**
 * What a gateway saw since its last write: each credential's addresses with when last; a later sighting by
 * another gateway is kept (`greatest`). A sub-user deleted meanwhile is skipped (its rows went with it).
 */
export const recordSources = async (db: Db, seen: SeenSource[]): Promise<void> => {
  if (seen.length === 0) return;
  await db.execute(sql`
    insert into ${fairUseSources} (credential, user_id, product_type, subuser_id, address, last_seen)
    select v.credential, v.user_id::uuid, v.product_type, v.subuser_id::uuid, v.address, v.last_seen::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      seen.map((each) => ({
        credential: each.credential,
        user_id: each.userId,
        product_type: each.productType,
        subuser_id: each.subuserId ?? null,
        address: each.address,
        last_seen: each.lastSeen.toISOString(),
      })),
    )}::jsonb) as v(credential text, user_id text, product_type text, subuser_id text, address text, last_seen text)
    where exists (select 1 from users u where u.id = v.user_id::uuid)
      and (v.subuser_id is null or exists (select 1 from subusers s where s.id = v.subuser_id::uuid))
    on conflict (credential, address) do update set last_seen = greatest(${fairUseSources.lastSeen}, excluded.last_seen)
  `);
};

/** Sightings older than any window (24 h): the gateway prunes them with the usage batches. */
export const pruneSources = async (db: Db, before: Date): Promise<void> => {
  await db.delete(fairUseSources).where(lt(fairUseSources.lastSeen, before));
};

/** A customer's current sources of one product's credentials since `since`, newest first. */
export const listSources = (db: Db, userId: string, productType: string, since: Date) =>
  db
    .select({
      subuserId: fairUseSources.subuserId,
      address: fairUseSources.address,
      lastSeen: fairUseSources.lastSeen,
    })
    .from(fairUseSources)
    .where(
      and(
        eq(fairUseSources.userId, userId),
        eq(fairUseSources.productType, productType),
        gt(fairUseSources.lastSeen, since),
      ),
    )
    .orderBy(desc(fairUseSources.lastSeen));
