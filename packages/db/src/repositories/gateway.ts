import { LINE_PRODUCTS } from '@proxydesk/contract';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  customerPlans,
  locationCities,
  locationIsps,
  locations,
  poolAssignments,
  proxyPool,
  users,
  whitelistedIps,
} from '../schema/index.js';
import { planUsedBytes } from './usage.js';

/**
 * What the proxy gateway reads to decide who may use it (issue #6). It keeps the answers in memory and
 * reads them again every few seconds, so these are whole snapshots, not per-request look-ups.
 */

/** Products sold by the GB, used with the account's proxy credentials: the ones a line's username names. */
const GB_PRODUCTS = Object.keys(LINE_PRODUCTS);

/** How long after its end an expired plan is still read, to answer "expired" rather than "no plan". */
const EXPIRED_KEPT_MS = 86_400_000;

export interface GatewayDataPlan {
  planId: string;
  userId: string;
  productType: string;
  proxyUsername: string;
  proxyPassword: string;
  userActive: boolean;
  dataGb: number | null;
  expiresAt: Date | null;
  /** Bytes counted against the plan so far (both ways), as written by every gateway: its running total. */
  usedBytes: number;
}

/** Whether a plan is running at `now`: active and not past its end. */
const runningAt = (now: Date) =>
  sql<boolean>`(${customerPlans.status} = 'active' and (${customerPlans.expiresAt} is null or ${customerPlans.expiresAt} > ${now.toISOString()}::timestamptz))`;

/**
 * Each customer's current plan of each GB product (the newest active one, as the dashboard shows it), with
 * its account's proxy credentials and the bytes it has used.
 */
export const loadDataPlans = async (db: Db, now = new Date()): Promise<GatewayDataPlan[]> => {
  const rows = await db
    .selectDistinctOn([customerPlans.userId, customerPlans.productType], {
      planId: customerPlans.id,
      userId: customerPlans.userId,
      productType: customerPlans.productType,
      proxyUsername: users.proxyUsername,
      proxyPassword: users.proxyPassword,
      userActive: users.isActive,
      dataGb: customerPlans.dataGb,
      expiresAt: customerPlans.expiresAt,
      usedBytes: planUsedBytes(sql`${customerPlans.id}`).mapWith(Number),
    })
    .from(customerPlans)
    .innerJoin(users, eq(users.id, customerPlans.userId))
    .where(
      and(
        inArray(customerPlans.productType, GB_PRODUCTS),
        // Expired by the lifecycle job or not yet: either way read for a day, to answer "expired: renew it".
        inArray(customerPlans.status, ['active', 'expired']),
        sql`(${customerPlans.expiresAt} is null or ${customerPlans.expiresAt} > ${new Date(now.getTime() - EXPIRED_KEPT_MS).toISOString()}::timestamptz)`,
      ),
    )
    // A plan that still runs comes before a newer one that has ended.
    .orderBy(
      customerPlans.userId,
      customerPlans.productType,
      desc(runningAt(now)),
      desc(customerPlans.createdAt),
    );
  return rows;
};

export interface ProxyAccount {
  userId: string;
  proxyPassword: string;
  userActive: boolean;
  /** The GB products it has a plan of running now: one the gateway's snapshot lacks is news it has not read. */
  runningProducts: string[];
}

/** A customer by proxy username, for credentials the snapshot does not know (no current plan). */
export const findProxyAccount = async (
  db: Db,
  proxyUsername: string,
  now = new Date(),
): Promise<ProxyAccount | undefined> =>
  (
    await db
      .select({
        userId: users.id,
        proxyPassword: users.proxyPassword,
        userActive: users.isActive,
        runningProducts: sql<
          string[]
        >`coalesce(array_agg(distinct ${customerPlans.productType}) filter (where ${customerPlans.id} is not null), '{}')`,
      })
      .from(users)
      .leftJoin(
        customerPlans,
        and(
          eq(customerPlans.userId, users.id),
          inArray(customerPlans.productType, GB_PRODUCTS),
          runningAt(now),
        ),
      )
      .where(eq(users.proxyUsername, proxyUsername))
      .groupBy(users.id)
  )[0];

export interface GatewayPoolAddress {
  address: string;
  port: number;
  productType: string;
  /** The active plan the address is assigned to. */
  plan: { planId: string; userId: string; userActive: boolean; expiresAt: Date | null; whitelist: string[] };
}

/** The pool's ports (to listen on), and each address in use with its active plan and that plan's whitelist. */
export const loadPool = async (db: Db): Promise<{ ports: number[]; inUse: GatewayPoolAddress[] }> => {
  const [ports, assigned, whitelist] = await Promise.all([
    db.selectDistinct({ port: proxyPool.port }).from(proxyPool),
    db
      .select({
        address: proxyPool.address,
        port: proxyPool.port,
        productType: proxyPool.productType,
        planId: customerPlans.id,
        userId: customerPlans.userId,
        userActive: users.isActive,
        expiresAt: customerPlans.expiresAt,
      })
      .from(poolAssignments)
      .innerJoin(proxyPool, eq(proxyPool.id, poolAssignments.poolId))
      .innerJoin(customerPlans, eq(customerPlans.id, poolAssignments.customerPlanId))
      .innerJoin(users, eq(users.id, customerPlans.userId))
      // An expired plan keeps its addresses for the grace period: the gateway answers "expired" for them.
      .where(inArray(customerPlans.status, ['active', 'expired'])),
    db
      .select({ planId: whitelistedIps.customerPlanId, ip: whitelistedIps.ip })
      .from(whitelistedIps)
      .innerJoin(customerPlans, eq(customerPlans.id, whitelistedIps.customerPlanId))
      .where(and(eq(customerPlans.status, 'active'), isNotNull(customerPlans.activatedAt))),
  ]);
  const ipsByPlan = new Map<string, string[]>();
  for (const row of whitelist) ipsByPlan.set(row.planId, [...(ipsByPlan.get(row.planId) ?? []), row.ip]);
  return {
    ports: ports.map((row) => row.port),
    inUse: assigned.map(({ address, port, productType, ...plan }) => ({
      address,
      port,
      productType,
      plan: { ...plan, whitelist: ipsByPlan.get(plan.planId) ?? [] },
    })),
  };
};

/** The location codes a proxy password may name: `us`, `us/newyork`, `us/newyork/verizon`. */
export const loadLocationCodes = async (db: Db): Promise<Set<string>> => {
  const [countries, cities, isps] = await Promise.all([
    db.select({ code: locations.code }).from(locations),
    db.select({ country: locationCities.countryCode, code: locationCities.code }).from(locationCities),
    db
      .select({ country: locationIsps.countryCode, city: locationIsps.cityCode, code: locationIsps.code })
      .from(locationIsps),
  ]);
  return new Set([
    ...countries.map((c) => c.code),
    ...cities.map((c) => `${c.country}/${c.code}`),
    ...isps.map((i) => `${i.country}/${i.city}/${i.code}`),
  ]);
};
