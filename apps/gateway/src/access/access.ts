import { createHash, timingSafeEqual } from 'node:crypto';
import {
  demoStandIn,
  effectiveCap,
  PRODUCT_NAMES,
  type FairUseMaximum,
  parseLineUsername,
  parsePassword,
  type LineProduct,
} from '@proxydesk/contract';
import {
  BYTES_PER_GB,
  findProxyAccount,
  loadDataPlans,
  loadFairUseMaximums,
  loadLocationCodes,
  loadOwnerFairUse,
  loadPool,
  type Db,
  type FairUseCaps as OwnCaps,
  type GatewayDataPlan,
  type GatewayPoolAddress,
  type GatewaySubuser,
  type ProxyAccount,
} from '@proxydesk/db';
import { refuse, type Decision, type Grant, type Refusal } from './decision.js';
import type { FairUseCaps } from './fair-use.js';
import { subuserState } from './subuser-state.js';
import { createSubuserCopy } from './subuser-copy.js';
import { normalizeIp } from '../egress/addresses.js';

const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

const MAX_LOOKUPS_PER_SECOND = 100;
const LOCATIONS_EVERY_MS = 60_000;

const BAD_CREDENTIALS = refuse('credentials', 'Wrong proxy username or password');

/** A sub-user's proxy username (`s` and 11), never an owner's (`u…`): ADR 018, SUBUSER_USERNAME_PATTERN. */
const SUBUSER_USERNAME = /^s[a-z0-9]{11}$/;

interface Snapshot {
  /** `proxyUsername/PR_x` → the customer's current plan of that product. */
  dataPlans: Map<string, GatewayDataPlan>;
  /** `userId/PR_x` → the same plans by owner: what a sub-user's line is charged to. */
  plansByOwner: Map<string, GatewayDataPlan>;
  /** Proxy username → sub-user (issue #31), kept up to date by `subuserCopy`. */
  subusers: ReadonlyMap<string, GatewaySubuser>;
  /** `address:port` → a pool address in use, the plan it serves and that plan's whitelist (normalized). */
  pool: Map<string, GatewayPoolAddress & { whitelist: Set<string> }>;
  poolPorts: Set<number>;
  locations: Set<string>;
  /** Fair use (issue #31 item 3): the shop's maximums per plan type, and owners' own caps by `userId/PR_x`. */
  fairUseMaximums: Map<string, FairUseMaximum>;
  ownerFairUse: Map<string, OwnCaps>;
  locationsAt: number;
  loadedAt: number;
}

/**
 * Who may use the gateway (issue #6 §3), answered from memory: a snapshot of current plans, pool addresses
 * and whitelists that `refresh` reads again every few seconds, so that password changes, expiry, deactivation
 * and whitelist edits show without a restart. `pendingBytes` adds what this gateway counted but has not yet
 * seen come back from the database.
 */
export const createAccess = ({
  db,
  pendingBytes,
  pendingSubuserBytes = () => 0,
  accountCacheMs,
  fresherSnapshot = () => Promise.resolve(false),
  fairUseDefaults = { maxSources: 0, windowMinutes: 10, maxConnections: 0 },
}: {
  db: Db;
  /** The shop's fair-use maximums of a plan type the console never set (GATEWAY_FAIR_USE_*). */
  fairUseDefaults?: FairUseMaximum;
  pendingBytes: (planId: string) => number;
  /** The same for a sub-user's own limit (issue #31). */
  pendingSubuserBytes?: (subuserId: string) => number;
  accountCacheMs: number;
  /**
   * Waits for a re-read under way or announced (a payment just made), or with `behind` (the database runs a
   * plan the snapshot lacks) for one that starts now; answers whether one came. A customer whose plan the
   * snapshot does not know yet is then judged again, not refused (issue #14 item 3).
   */
  fresherSnapshot?: (behind: boolean) => Promise<boolean>;
}) => {
  let snapshot: Snapshot = {
    dataPlans: new Map(),
    plansByOwner: new Map(),
    subusers: new Map(),
    pool: new Map(),
    poolPorts: new Set(),
    locations: new Set(),
    fairUseMaximums: new Map(),
    ownerFairUse: new Map(),
    locationsAt: 0,
    loadedAt: 0,
  };
  const subuserCopy = createSubuserCopy(db);
  /** Customers without a current plan, looked up once per interval: the right refusal, not a guess. */
  const accounts = new Map<string, { account: ProxyAccount | undefined; at: number }>();

  const refresh = async (now = new Date()) => {
    // The locations change with the catalogue only: read again once a minute, not every few seconds.
    const locationsDue = now.getTime() - snapshot.locationsAt >= LOCATIONS_EVERY_MS;
    const [plans, subusers, pool, locations, fairUseMaximums, ownerFairUse] = await Promise.all([
      loadDataPlans(db, now),
      subuserCopy.read(),
      loadPool(db),
      locationsDue ? loadLocationCodes(db) : snapshot.locations,
      loadFairUseMaximums(db, fairUseDefaults),
      loadOwnerFairUse(db),
    ]);
    snapshot = {
      dataPlans: new Map(plans.map((plan) => [`${plan.proxyUsername}/${plan.productType}`, plan])),
      plansByOwner: new Map(plans.map((plan) => [`${plan.userId}/${plan.productType}`, plan])),
      subusers: subuserCopy.apply(subusers),
      pool: new Map(
        pool.inUse.flatMap((entry) => {
          const address = normalizeIp(entry.address);
          const value = { ...entry, address, whitelist: new Set(entry.plan.whitelist.map(normalizeIp)) };
          // A demo (documentation) address is answered at its loopback stand-in too (issue #19).
          const standIn = demoStandIn(address);
          return [
            [`${address}:${entry.port}`, value] as const,
            ...(standIn ? [[`${standIn}:${entry.port}`, value] as const] : []),
          ];
        }),
      ),
      poolPorts: new Set(pool.ports),
      locations,
      fairUseMaximums,
      ownerFairUse,
      locationsAt: locationsDue ? now.getTime() : snapshot.locationsAt,
      loadedAt: now.getTime(),
    };
    accounts.clear();
    verified.clear();
  };

  const checkOptions = (options: Record<string, string>): Refusal | undefined => {
    const { country, city, isp } = options;
    if (country !== undefined && !snapshot.locations.has(country))
      return refuse('credentials', `Unknown country "${country}" in the proxy password`);
    if (city !== undefined && !snapshot.locations.has(`${country}/${city}`))
      return refuse('credentials', `Unknown city "${city}" in the proxy password`);
    if (isp !== undefined && !snapshot.locations.has(`${country}/${city}/${isp}`))
      return refuse('credentials', `Unknown ISP "${isp}" in the proxy password`);
    return undefined;
  };

  /** The plan's own state, once the credentials are right. */
  const planState = (plan: GatewayDataPlan, product: LineProduct, now: number): Refusal | undefined => {
    const who = { customer: plan.userId, product: plan.productType };
    if (!plan.userActive) return refuse('forbidden', 'Account deactivated', who);
    if (plan.expiresAt && plan.expiresAt.getTime() <= now)
      return refuse('forbidden', `Your ${PRODUCT_NAMES[product]} plan has expired: renew it`, who);
    if (plan.dataGb !== null && plan.usedBytes + pendingBytes(plan.planId) >= plan.dataGb * BYTES_PER_GB) {
      return refuse('payment', `No data left on your ${PRODUCT_NAMES[product]} plan: buy more GB`, who);
    }
    return undefined;
  };

  /** The fair-use caps of a set of credentials: its own (the sub-user's, the owner's) within the shop's maximum. */
  const fairUseOf = (userId: string, productType: string, subuser?: GatewaySubuser): FairUseCaps => {
    const maximum = snapshot.fairUseMaximums.get(productType) ?? fairUseDefaults;
    const own = subuser ?? snapshot.ownerFairUse.get(`${userId}/${productType}`);
    return {
      maxSources: effectiveCap(own?.maxSources, maximum.maxSources),
      windowMs: maximum.windowMinutes * 60_000,
      maxConnections: effectiveCap(own?.maxConnections, maximum.maxConnections),
    };
  };

  /**
   * Username and password of a line (`u123-isp`, `secret_country-us_session-abcdefgh`). Answers a grant, a
   * refusal, or `unknown` when the customer has no current plan and only the database can tell which refusal.
   */
  /**
   * Credentials already found right against this snapshot, with their plan and options: most connections
   * repeat a line, and then skip the parsing and hashing. Emptied with every new snapshot.
   */
  const verified = new Map<
    string,
    { plan: GatewayDataPlan; product: LineProduct; grant: Grant; subuser?: GatewaySubuser }
  >();

  /** A line's username, password and options against the snapshot, once parsed (see `fromSnapshot`). */
  type Parsed = {
    proxyUsername: string;
    product: LineProduct;
    secret: string;
    options: Record<string, string>;
  };
  type Unknown = Parsed & { unknown: true; subuser: boolean };

  /**
   * The credentials' plan: the owner's own, or for a sub-user's username the plan of its owner it is charged to
   * (issue #31, ADR 018). Answers `unknown` when the snapshot cannot tell (no current plan, or a sub-user it has
   * not read yet).
   */
  const verify = (line: Parsed): Refusal | Unknown | { plan: GatewayDataPlan; subuser?: GatewaySubuser } => {
    if (!SUBUSER_USERNAME.test(line.proxyUsername)) {
      const plan = snapshot.dataPlans.get(`${line.proxyUsername}/${line.product}`);
      if (!plan) return { ...line, unknown: true, subuser: false };
      return sameSecret(line.secret, plan.proxyPassword) ? { plan } : BAD_CREDENTIALS;
    }
    const subuser = snapshot.subusers.get(line.proxyUsername);
    if (!subuser) return { ...line, unknown: true, subuser: true };
    if (subuser.productType !== line.product || !sameSecret(line.secret, subuser.proxyPassword))
      return BAD_CREDENTIALS;
    const plan = snapshot.plansByOwner.get(`${subuser.userId}/${subuser.productType}`);
    if (!plan)
      return refuse('forbidden', `You have no active ${PRODUCT_NAMES[line.product]} plan: buy one first`, {
        customer: subuser.userId,
        product: subuser.productType,
      });
    return { plan, subuser };
  };

  const fromSnapshot = (username: string, password: string, now: number): Decision | Unknown => {
    const key = `${username}\n${password}`;
    let known = verified.get(key);
    if (!known) {
      const who = parseLineUsername(username);
      const parsed = parsePassword(password);
      if (!who) return BAD_CREDENTIALS;
      if (!parsed) return refuse('credentials', 'Malformed options in the proxy password');
      const found = verify({ ...who, ...parsed });
      if ('unknown' in found || 'refused' in found) return found;
      const wrongOption = checkOptions(parsed.options);
      if (wrongOption) return wrongOption;
      const { plan, subuser } = found;
      const grant = {
        userId: plan.userId,
        productType: plan.productType,
        planId: plan.planId,
        options: parsed.options,
        fairUse: fairUseOf(plan.userId, plan.productType, subuser),
        ...(subuser ? { subuserId: subuser.id } : {}),
      };
      known = { plan, product: who.product, grant, ...(subuser ? { subuser } : {}) };
      if (verified.size >= 10_000) verified.clear();
      verified.set(key, known);
    }
    // The same grant for every connection of the line while this snapshot lasts (grants are never changed).
    const { subuser } = known;
    return (
      planState(known.plan, known.product, now) ??
      (subuser && subuserState(subuser, known.grant.options, pendingSubuserBytes(subuser.id), now)) ??
      known.grant
    );
  };

  /** Database look-ups per second at most: a flood of made-up usernames must not become a flood of queries. */
  const lookUps = { second: 0, count: 0 };
  const lookUp = async (proxyUsername: string, now: number) => {
    const cached = accounts.get(proxyUsername);
    if (cached && now - cached.at < accountCacheMs) return cached.account;
    const second = Math.floor(now / 1000);
    if (lookUps.second !== second) Object.assign(lookUps, { second, count: 0 });
    if ((lookUps.count += 1) > MAX_LOOKUPS_PER_SECOND) return undefined;
    const account = await findProxyAccount(db, proxyUsername, new Date(now));
    if (accounts.size > 10_000) accounts.clear();
    accounts.set(proxyUsername, { account, at: now });
    return account;
  };

  return {
    refresh,
    snapshotAge: () => (snapshot.loadedAt ? (Date.now() - snapshot.loadedAt) / 1000 : Infinity),
    poolPorts: () => snapshot.poolPorts,

    /** Credentials of a residential / ISP line. */
    byCredentials: (username: string, password: string): Decision | Promise<Decision> => {
      const now = Date.now();
      const decision = fromSnapshot(username, password, now);
      // Known to the snapshot: answered now, with no promise to wait on (every tunnel's case).
      if (!('unknown' in decision)) return decision;
      // A sub-user the snapshot has not read yet (made a moment ago): judged again with a fresher one.
      if (decision.subuser)
        return fresherSnapshot(false).then((fresher) => {
          const again = fresher ? fromSnapshot(username, password, Date.now()) : decision;
          return 'unknown' in again ? BAD_CREDENTIALS : again;
        });
      return lookUp(decision.proxyUsername, now).then(async (account) => {
        if (!account || !sameSecret(decision.secret, account.proxyPassword)) return BAD_CREDENTIALS;
        const who = { customer: account.userId, product: decision.product };
        if (!account.userActive) return refuse('forbidden', 'Account deactivated', who);
        // The database runs a plan of this product that the snapshot lacks: a payment whose announcement has
        // not arrived yet. A re-read is asked for, not only waited for.
        if (await fresherSnapshot(account.runningProducts.includes(decision.product))) {
          const again = fromSnapshot(username, password, Date.now());
          if (!('unknown' in again)) return again;
        }
        return (
          checkOptions(decision.options) ??
          refuse(
            'forbidden',
            `You have no active ${PRODUCT_NAMES[decision.product]} plan: buy one first`,
            who,
          )
        );
      });
    },

    /** The same check against the latest snapshot, for a connection already open (no database call). */
    stillByCredentials: (username: string, password: string): Decision => {
      const decision = fromSnapshot(username, password, Date.now());
      if (!('unknown' in decision)) return decision;
      // A sub-user gone from the snapshot was deleted.
      return decision.subuser
        ? BAD_CREDENTIALS
        : refuse('forbidden', `You have no active ${PRODUCT_NAMES[decision.product]} plan`);
    },

    /** A datacenter / IPv6 address reached at `local` from `source`: allowed for its plan's whitelisted IPs. */
    bySource: (localAddress: string, localPort: number, source: string): Decision => {
      const address = snapshot.pool.get(`${normalizeIp(localAddress)}:${localPort}`);
      if (!address) return refuse('forbidden', 'This proxy address is not in use');
      const { plan } = address;
      const product = PRODUCT_NAMES[address.productType as keyof typeof PRODUCT_NAMES] ?? address.productType;
      const who = { customer: plan.userId, product: address.productType };
      if (!plan.userActive) return refuse('forbidden', 'Account deactivated', who);
      if (plan.expiresAt && plan.expiresAt.getTime() <= Date.now())
        return refuse('forbidden', `This ${product} plan has expired: renew it`, who);
      const ip = normalizeIp(source);
      if (!address.whitelist.has(ip))
        return refuse('forbidden', `Your IP ${ip} is not whitelisted for this proxy`, who);
      return {
        userId: plan.userId,
        productType: address.productType,
        planId: plan.planId,
        options: {},
        poolAddress: address.address,
      };
    },
  };
};

export type Access = ReturnType<typeof createAccess>;
