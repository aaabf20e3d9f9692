import {
  centsToEuro,
  euroToCents,
  PRODUCT_CODES,
  type AdminCustomer,
  type AdminOverview,
} from '@proxydesk/contract';
import {
  adjustBalance,
  balanceCents,
  billingDetailsOf,
  customerRecords,
  listCustomerNotes,
  findUserById,
  isUuid,
  listAudit,
  listCustomerPlans,
  searchCustomers,
  shopOverview,
  type Actor,
  type CustomerSort,
  type Db,
  usedGb,
  type User,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { toBillingDetails } from '../billing/billing.routes.js';
import { failureFigures } from './admin-failures.service.js';
import { TARGET_REFUSALS } from './refusals.js';

const PAGE_SIZE = 10;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const customerOf = (user: User, balanceCents: number): AdminCustomer => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  is_active: user.isActive,
  is_2fa: user.is2fa,
  email_verified: user.emailVerified,
  joined: user.createdAt.toISOString(),
  balance: centsToEuro(balanceCents),
  referral_code: user.referralCode,
  sign_in: [
    ...(user.passwordHash ? ['password'] : []),
    ...(user.googleSub ? ['google'] : []),
    ...(user.discordId ? ['discord'] : []),
  ],
});

/** `YYYY-MM-DD` as the start of that UTC day; a day that does not exist is the caller's mistake. */
const utcDay = (day: string): Date => {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day)
    throw new HttpError(400, `${day} is not a day`);
  return at;
};

const notFound = () => new HttpError(404, 'No such customer');

/** Crediting a customer who is not a reseller (issue #30 item 8). */
export const NOT_RESELLER =
  'Only a reseller has a balance to spend: make this customer a reseller first, or credit nothing';

/** A balance change's idempotency key sent again with another amount or reason (issue #28 §13). */
export const KEY_USED = 'This idempotency key was already used for another balance change';

/**
 * What the console reads and does (issue #17), over the same repositories as the customer routes: no second copy
 * of a rule for operators (DESIGN.md §5.9).
 */
export const createAdminService = (db: Db) => ({
  overview: async (): Promise<AdminOverview> => {
    const [figures, failures] = await Promise.all([shopOverview(db), failureFigures(db)]);
    return {
      revenue: {
        today: centsToEuro(figures.revenueCents.today),
        week: centsToEuro(figures.revenueCents.week),
        month: centsToEuro(figures.revenueCents.month),
      },
      daily: figures.daily.map((row) => ({ day: row.day, revenue: centsToEuro(row.cents) })),
      customers: figures.customers,
      active_plans: figures.activePlans.map((row) => ({ product: row.product, value: row.n })),
      pool: figures.pool.map(({ product, assigned, free }) => ({ product, assigned, free })),
      traffic: figures.traffic.map((row) => ({ product: row.product, value: row.bytes })),
      failures,
    };
  },

  customers: async (
    q: string | undefined,
    sort: CustomerSort,
    page: number,
    pageUrl: (page: number) => string,
  ) => {
    const { rows, count } = await searchCustomers(db, { q, sort, page, pageSize: PAGE_SIZE });
    return {
      count,
      next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
      results: rows.map((row) => customerOf(row.user, row.balanceCents)),
    };
  },

  customer: async (id: string) => {
    const user = isUuid(id) ? await findUserById(db, id) : undefined;
    if (!user) throw notFound();
    const [records, plans, balance, billing, notes] = await Promise.all([
      customerRecords(db, user.id),
      listCustomerPlans(db, user.id, [...PRODUCT_CODES]),
      balanceCents(db, user.id),
      billingDetailsOf(db, user.id),
      listCustomerNotes(db, user.id),
    ]);
    const used = await Promise.all(plans.map(({ plan }) => usedGb(db, plan.id)));
    return {
      customer: customerOf(user, balance),
      plans: plans.map(({ plan }, index) => ({
        id: plan.id,
        product: plan.productType,
        name: plan.planName,
        status: plan.status,
        data_gb: plan.dataGb,
        used_gb: used[index] ?? 0,
        ip_amount: plan.ipAmount,
        expiry_date: iso(plan.expiresAt),
      })),
      invoices: records.invoices.map((invoice) => ({
        id: invoice.id,
        plan_name: invoice.planName,
        price: centsToEuro(invoice.priceCents),
        payment_method: invoice.paymentMethod,
        paid: invoice.paid,
        created: invoice.createdAt.toISOString(),
      })),
      ledger: records.ledger.map((entry) => ({
        amount: centsToEuro(entry.amountCents),
        reason: entry.reason,
        created: entry.createdAt.toISOString(),
      })),
      sessions: records.sessions.map((session) => ({
        id: session.id,
        created: session.createdAt.toISOString(),
        ip: session.ip,
      })),
      whitelist: records.whitelist.map((entry) => ({ ip: entry.ip, plan_id: entry.planId })),
      referral: { points: user.referralPoints, referees: records.referees },
      billing: billing ? toBillingDetails(billing) : null,
      notes: notes.map((note) => ({
        id: note.id,
        body: note.body,
        author: note.author,
        created: note.createdAt.toISOString(),
      })),
    };
  },

  adjustBalance: async (
    actor: Actor,
    id: string,
    change: { amount: number; reason: string; idempotencyKey: string },
  ) => {
    const amountCents = euroToCents(change.amount);
    if (amountCents === 0) throw new HttpError(400, 'Amount must not be zero');
    const outcome = await adjustBalance(db, actor, {
      userId: id,
      amountCents,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
    });
    if (outcome === 'no-such-customer') throw notFound();
    if (outcome === 'below-zero') throw new HttpError(409, 'The balance cannot go below zero');
    if (outcome === 'key-used') throw new HttpError(409, KEY_USED);
    if (outcome === 'not-reseller') throw new HttpError(409, NOT_RESELLER);
    if (typeof outcome === 'string') throw new HttpError(...TARGET_REFUSALS[outcome]);
    return { balance: centsToEuro(outcome.balanceCents) };
  },

  audit: async (
    filter: { target?: string; actor?: string; action?: string; from?: string; to?: string },
    page: number,
    pageUrl: (page: number) => string,
  ) => {
    const { rows, count } = await listAudit(
      db,
      {
        targetId: filter.target,
        actor: filter.actor,
        action: filter.action,
        from: filter.from ? utcDay(filter.from) : undefined,
        until: filter.to ? new Date(utcDay(filter.to).getTime() + 86_400_000) : undefined,
      },
      page,
      PAGE_SIZE,
    );
    return {
      count,
      next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
      results: rows.map(({ entry, actor, targetName }) => ({
        id: entry.id,
        actor,
        ip: entry.ip,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        target_name: targetName,
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
        created: entry.createdAt.toISOString(),
      })),
    };
  },
});

export type AdminService = ReturnType<typeof createAdminService>;
