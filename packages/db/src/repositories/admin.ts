import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import {
  auditLog,
  balanceLedger,
  customerPlans,
  invoices,
  poolAssignments,
  proxyPool,
  sessions,
  usageDays,
  users,
  whitelistedIps,
} from '../schema/index.js';
import { customerActionRefusal, type TargetRefusal } from './action-targets.js';
import { enterOperatorBalance } from './balance.js';
import { earlierRequest, rememberRequest } from './idempotent-requests.js';
import { lockBalanceOwner } from './payments.js';
import { onePage } from './paging.js';

/** Who did it and from where: every operator action carries this into its audit row. */
export interface Actor {
  /** Null for the command line. */
  userId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string;
}

/** Writes the audit row of an action, inside the action's own transaction (issue #17 §7). */
export const writeAudit = async (tx: Db, actor: Actor, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({ actorId: actor.userId, ip: actor.ip, ...entry });
};

/** A LIKE pattern for what starts with `text`, its own `%`, `_` and `\\` taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AuditFilter {
  /** A target's id (a customer's, for their actions), or a customer's username. */
  targetId?: string | undefined;
  /** An operator's username, or `cli` for the command line. */
  actor?: string | undefined;
  /** An action, or the start of one: `customer.` */
  action?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** The customer an action was done to, for their username beside the id (issue #33 item 5). */
const targetUsers = alias(users, 'target_users');

/** The audit trail, newest first, filtered; a target of type `user` comes with its username. */
export const listAudit = async (db: Db, filter: AuditFilter, page: number, pageSize: number) => {
  const actor = filter.actor?.trim();
  const target = filter.targetId?.trim();
  const where = and(
    target
      ? isUuid(target)
        ? eq(auditLog.targetId, target)
        : // A customer's username (issue #33 item 5): their actions, as their id would find them.
          sql`${auditLog.targetId} = (select id::text from users where lower(username) = ${target.toLowerCase()})`
      : undefined,
    actor
      ? actor.toLowerCase() === 'cli'
        ? isNull(auditLog.actorId)
        : sql`${auditLog.actorId} = (select id from users where lower(username) = ${actor.toLowerCase()})`
      : undefined,
    filter.action ? ilike(auditLog.action, likePrefix(filter.action)) : undefined,
    filter.from ? sql`${auditLog.createdAt} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.until ? sql`${auditLog.createdAt} < ${filter.until.toISOString()}::timestamptz` : undefined,
  );
  return onePage(
    db
      .select({
        entry: auditLog,
        actor: sql<string>`coalesce(${users.username}, 'cli')`,
        targetName: targetUsers.username,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(
        targetUsers,
        and(eq(auditLog.targetType, 'user'), sql`${targetUsers.id}::text = ${auditLog.targetId}`),
      )
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    db.select({ n: count() }).from(auditLog).where(where),
    page,
    pageSize,
  );
};

const DAY_MS = 86_400_000;

/** The console's first page (issue #17 §2): money, customers, plans, pool and traffic, in a few queries. */
export const shopOverview = async (db: Db, now = new Date()) => {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const startOfToday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  ).toISOString();
  const revenueSince = (at: string) =>
    sql`coalesce(sum(${invoices.priceCents}) filter (where ${invoices.paidAt} >= ${at}::timestamptz), 0)`.mapWith(
      Number,
    );
  const moneyQuery = db
    .select({
      today: revenueSince(startOfToday),
      week: revenueSince(since(7)),
      month: revenueSince(since(30)),
    })
    .from(invoices)
    .where(and(eq(invoices.paid, true), sql`${invoices.paidAt} >= ${since(30)}::timestamptz`));
  const dailyQuery = db
    .select({
      day: sql<string>`to_char(date_trunc('day', ${invoices.paidAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      cents: sql`sum(${invoices.priceCents})`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.paid, true), sql`${invoices.paidAt} >= ${since(30)}::timestamptz`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const newSince = (at: string) =>
    sql`count(*) filter (where ${users.createdAt} >= ${at}::timestamptz)`.mapWith(Number);
  const customersQuery = db
    .select({
      today: newSince(startOfToday),
      week: newSince(since(7)),
      month: newSince(since(30)),
      total: count(),
    })
    .from(users);
  const activePlansQuery = db
    .select({ product: customerPlans.productType, n: count() })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.status, 'active'),
        sql`(${customerPlans.expiresAt} is null or ${customerPlans.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .groupBy(customerPlans.productType)
    .orderBy(customerPlans.productType);
  const poolQuery = db
    .select({
      product: proxyPool.productType,
      total: count(),
      assigned: sql`count(${poolAssignments.poolId})`.mapWith(Number),
    })
    .from(proxyPool)
    .leftJoin(poolAssignments, eq(poolAssignments.poolId, proxyPool.id))
    .where(isNull(proxyPool.retiredAt))
    .groupBy(proxyPool.productType)
    .orderBy(proxyPool.productType);
  const trafficQuery = db
    .select({
      product: usageDays.productType,
      bytes: sql`sum(${usageDays.bytesUp} + ${usageDays.bytesDown})`.mapWith(Number),
    })
    .from(usageDays)
    .where(sql`${usageDays.day} >= (${since(30)}::timestamptz at time zone 'UTC')::date`)
    .groupBy(usageDays.productType)
    .orderBy(usageDays.productType);
  // Each figure is its own query: on PostgreSQL they run side by side, on a connection each.
  const [[money], daily, [customers], activePlans, pool, traffic] = await Promise.all([
    moneyQuery,
    dailyQuery,
    customersQuery,
    activePlansQuery,
    poolQuery,
    trafficQuery,
  ]);
  return {
    revenueCents: money ?? { today: 0, week: 0, month: 0 },
    daily,
    customers: customers ?? { today: 0, week: 0, month: 0, total: 0 },
    activePlans,
    pool: pool.map((row) => ({ ...row, free: row.total - row.assigned })),
    traffic,
  };
};

export const CUSTOMER_SORTS = ['joined', '-joined', 'username', '-username'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/**
 * Customers matching `q`: a username or e-mail that starts with it, an id, a referral code or a whitelisted IP
 * that is it; everyone without `q`. Paged and sorted.
 */
export const searchCustomers = async (
  db: Db,
  { q, sort, page, pageSize }: { q?: string | undefined; sort: CustomerSort; page: number; pageSize: number },
) => {
  const term = q?.trim();
  let where: SQL | undefined;
  if (term) {
    const prefix = likePrefix(term).toLowerCase();
    // Each way of matching is its own indexed look-up, united: one OR over them all would read every customer.
    // lower(…) like: what the prefix indexes answer (ilike cannot use an index).
    const matches = [
      sql`select ${users.id} from ${users} where lower(${users.username}) like ${prefix}`,
      sql`select ${users.id} from ${users} where lower(${users.email}) like ${prefix}`,
      sql`select ${users.id} from ${users} where ${users.referralCode} = ${term.toUpperCase()}`,
      sql`select ${customerPlans.userId} from ${whitelistedIps} join ${customerPlans} on ${customerPlans.id} = ${whitelistedIps.customerPlanId} where ${whitelistedIps.ip} = ${term}`,
      ...(isUuid(term) ? [sql`select ${term}::uuid`] : []),
    ];
    where = sql`${users.id} in (${sql.join(matches, sql` union `)})`;
  }
  const order = {
    joined: asc(users.createdAt),
    '-joined': desc(users.createdAt),
    username: asc(sql`lower(${users.username})`),
    '-username': desc(sql`lower(${users.username})`),
  }[sort];
  return onePage(
    db
      .select({
        user: users,
        // Qualified by hand: drizzle leaves a one-table query's columns bare, and the subquery would take them as its own.
        balanceCents:
          sql`(select coalesce(sum(ledger.amount_cents), 0) from balance_ledger ledger where ledger.user_id = users.id)`.mapWith(
            Number,
          ),
      })
      .from(users)
      .where(where)
      .orderBy(order, asc(users.id)),
    db.select({ n: count() }).from(users).where(where),
    page,
    pageSize,
  );
};

/** Everything the console shows on a customer's page, besides their plans (listCustomerPlans). */
export const customerRecords = async (db: Db, userId: string, now = new Date()) => {
  const [invoiceRows, ledger, openSessions, whitelist] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(20),
    db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, userId))
      .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
      .limit(20),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(sessions.createdAt)),
    db
      .select({ ip: whitelistedIps.ip, planId: whitelistedIps.customerPlanId })
      .from(whitelistedIps)
      .innerJoin(customerPlans, eq(customerPlans.id, whitelistedIps.customerPlanId))
      .where(eq(customerPlans.userId, userId)),
  ]);
  const [referrals] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
  return { invoices: invoiceRows, ledger, sessions: openSessions, whitelist, referees: referrals?.n ?? 0 };
};

export type BalanceAdjustment =
  | { balanceCents: number; beforeCents: number }
  | 'no-such-customer'
  | 'below-zero'
  | TargetRefusal
  /** A credit for a customer who is not a reseller (issue #30 item 8): the balance is a reseller's. */
  | 'not-reseller'
  /** The idempotency key came before with another amount, reason or operator: nothing changed. */
  | 'key-used';

/**
 * Credits (or, with a negative amount, debits) a customer's balance with a reason: a ledger entry and its audit
 * row in one transaction, under the customer's lock, never below zero. With an `idempotencyKey` (issue #28 §13)
 * the change is made once: the same request again answers what the first one did (a credit or a refusal),
 * the key with other words is `key-used`. The customer's lock, taken first, makes requests with one key queue.
 */
export const adjustBalance = (
  db: Db,
  actor: Actor,
  {
    userId,
    amountCents,
    reason,
    idempotencyKey,
  }: { userId: string; amountCents: number; reason: string; idempotencyKey?: string | null },
): Promise<BalanceAdjustment> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!isUuid(userId)) return 'no-such-customer';
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) return 'no-such-customer';
    const refused = customerActionRefusal(actor, target);
    if (refused) return refused;
    // The balance is a reseller's (SPEC.md §6): the console credits resellers only, and may still debit a
    // customer's leftover balance. The owner's command line, beside the console, may credit anyone (ADR 015).
    if (amountCents > 0 && target.role !== 'reseller' && actor.userId !== null) return 'not-reseller';
    await lockBalanceOwner(tx, userId);
    const scope = `balance:${userId}`;
    const request = { actor: actor.userId, amountCents, reason };
    if (idempotencyKey) {
      const earlier = await earlierRequest<BalanceAdjustment>(tx, scope, idempotencyKey, request);
      if (earlier === 'other-request') return 'key-used';
      if (earlier) return earlier.answer;
    }
    const entry = await enterOperatorBalance(tx, userId, amountCents, reason);
    const answer: BalanceAdjustment = entry.applied
      ? { balanceCents: entry.afterCents, beforeCents: entry.beforeCents }
      : 'below-zero';
    if (entry.applied)
      await writeAudit(tx, actor, {
        action: amountCents >= 0 ? 'balance.credit' : 'balance.debit',
        targetType: 'user',
        targetId: userId,
        before: { balanceCents: entry.beforeCents },
        after: { balanceCents: entry.afterCents },
        reason,
      });
    if (idempotencyKey) await rememberRequest(tx, scope, idempotencyKey, request, answer);
    return answer;
  });
