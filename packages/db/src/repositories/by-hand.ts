import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { customerNotes, customerPlans, invoices, users } from '../schema/index.js';
import type { User } from './accounts.js';
import type { CustomerChange } from './admin-actions.js';
import { billingDetailsOf, saveBilling, type BillingInput } from './billing.js';
import { insertInvoice, type NewInvoice } from './invoices.js';

/**
 * What an operator sets right by hand on one customer (issue #30 items 5 and 7), each a change for
 * `changeCustomer`: checked, made and audited in one transaction, the target a customer or reseller.
 */

const billingFacts = (row: Partial<BillingInput> | undefined) =>
  row
    ? {
        firstName: row.firstName,
        lastName: row.lastName,
        company: row.company ?? null,
        vatNumber: row.vatNumber ?? null,
        address: row.address,
        city: row.city,
        zip: row.zip,
        country: row.country,
      }
    : null;

/** The customer's billing details corrected: invoices issued after carry them. */
export const setCustomerBilling = (details: BillingInput) => async (tx: Db, user: User) => {
  const before = await billingDetailsOf(tx, user.id);
  await saveBilling(tx, user.id, { ...details, ip: before?.ip ?? null });
  return {
    action: 'customer.billing',
    before: { billing: billingFacts(before) },
    after: { billing: billingFacts(details) },
  };
};

/** An invoice made by hand for the customer (unpaid, due at `dueAt`); `created` receives its row. */
export const createInvoiceByHand =
  (invoice: Omit<NewInvoice, 'userId'>, created: (row: typeof invoices.$inferSelect) => void) =>
  async (tx: Db, user: User): Promise<CustomerChange> => {
    const row = await insertInvoice(tx, { ...invoice, userId: user.id });
    created(row);
    return {
      action: 'invoice.create',
      before: {},
      after: {
        invoiceId: row.id,
        kind: row.kind,
        planName: row.planName,
        priceCents: row.priceCents,
        dueAt: row.dueAt?.toISOString() ?? null,
        paymentMethod: row.paymentMethod,
      },
    };
  };

const lockedPlan = async (tx: Db, user: User, planId: string) => {
  if (!isUuid(planId)) return undefined;
  const [plan] = await tx
    .select()
    .from(customerPlans)
    .where(and(eq(customerPlans.id, planId), eq(customerPlans.userId, user.id)))
    .for('update');
  return plan;
};

/** One plan's end moved (still to come: the caller checks); the gateways re-read it at once. */
export const setPlanEnd =
  ({ planId, expiresAt }: { planId: string; expiresAt: Date }) =>
  async (tx: Db, user: User) => {
    const plan = await lockedPlan(tx, user, planId);
    if (!plan) return 'no-such-plan' as const;
    if (plan.status === 'pending') return 'not-started' as const;
    if (plan.status === 'expired') return 'ended' as const;
    await tx.update(customerPlans).set({ expiresAt }).where(eq(customerPlans.id, plan.id));
    return {
      action: 'plan.end-date',
      before: { planId: plan.id, expiresAt: plan.expiresAt?.toISOString() ?? null },
      after: { planId: plan.id, expiresAt: expiresAt.toISOString() },
      accessChanged: true,
    };
  };

/**
 * One plan suspended (the gateways refuse it) or resumed: back to waiting for activation, running, or ended,
 * as its dates say. A plan whose invoice was refunded stays suspended.
 */
export const setPlanSuspended =
  ({ planId, suspended, now = new Date() }: { planId: string; suspended: boolean; now?: Date }) =>
  async (tx: Db, user: User) => {
    const plan = await lockedPlan(tx, user, planId);
    if (!plan) return 'no-such-plan' as const;
    if (suspended && plan.status === 'suspended') return 'unchanged' as const;
    if (suspended && plan.status === 'expired') return 'ended' as const;
    if (!suspended && plan.status !== 'suspended') return 'unchanged' as const;
    if (!suspended) {
      const [bought] = await tx
        .select({ refundedAt: invoices.refundedAt })
        .from(invoices)
        .where(eq(invoices.id, plan.invoiceId));
      if (bought?.refundedAt) return 'refunded' as const;
    }
    const status = suspended
      ? 'suspended'
      : !plan.activatedAt
        ? 'pending'
        : plan.expiresAt && plan.expiresAt <= now
          ? 'expired'
          : 'active';
    await tx.update(customerPlans).set({ status }).where(eq(customerPlans.id, plan.id));
    return {
      action: suspended ? 'plan.suspend' : 'plan.resume',
      before: { planId: plan.id, status: plan.status },
      after: { planId: plan.id, status },
      accessChanged: true,
    };
  };

/** A staff note on the customer; `written` receives its row. */
export const addCustomerNote =
  (authorId: string | null, body: string, written: (row: typeof customerNotes.$inferSelect) => void) =>
  async (tx: Db, user: User): Promise<CustomerChange> => {
    const [row] = await tx.insert(customerNotes).values({ userId: user.id, authorId, body }).returning();
    if (!row) throw new Error('note was not written');
    written(row);
    return { action: 'customer.note', before: {}, after: { noteId: row.id, body } };
  };

/** The customer's staff notes, newest first, with their authors' usernames. */
export const listCustomerNotes = (db: Db, userId: string) =>
  db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      author: users.username,
      createdAt: customerNotes.createdAt,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(100);
