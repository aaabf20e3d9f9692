import { PENDING_WINDOW_MS } from '@proxydesk/contract';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import {
  couponRedemptions,
  coupons,
  customDayPrices,
  customerPlans,
  invoices,
  plans,
} from '../schema/index.js';
import { findOwnRow, ownRowsPage } from './own-row.js';
import { customerPlansIn } from './proxy-plans.js';

export type PlanRow = typeof plans.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<
  typeof invoices.$inferInsert,
  'id' | 'paid' | 'paidAt' | 'createdAt' | 'hostedUrl' | 'providerRef'
>;
export type CouponRow = typeof coupons.$inferSelect;

/**
 * An unpaid invoice in its pending hour, not yet expired by the job: it holds a use of its coupon until it is
 * paid or expires (ADR 005). The one condition the checkout's count and the payment-time check share.
 */
export const holdsCouponUse = (now: Date) =>
  and(
    eq(invoices.paid, false),
    isNull(invoices.expiredAt),
    gt(invoices.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS)),
  );

export const findActivePlan = async (db: Db, id: number): Promise<PlanRow | undefined> =>
  (
    await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), eq(plans.isActive, true)))
  )[0];

/** The operator's custom-plan price per day for 1..30 days, in cents (index = days − 1). */
export const listCustomDayPrices = async (db: Db, productType: string): Promise<number[]> =>
  (
    await db
      .select({ priceCents: customDayPrices.priceCents })
      .from(customDayPrices)
      .where(eq(customDayPrices.productType, productType))
      .orderBy(asc(customDayPrices.days))
  ).map((r) => r.priceCents);

/**
 * A coupon by code (case-insensitive), locked for the caller's transaction, with how far it is used: paid uses
 * (redemptions) and unpaid invoices still in their pending window, which hold a use until they are paid or
 * expire (DESIGN.md §4). Counted under the lock, two checkouts cannot both take the last use.
 */
export const findCouponForUpdate = async (tx: Db, code: string, userId: string, now: Date) => {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = ${code.toLowerCase()}`)
    .for('update');
  if (!coupon) return undefined;
  const mine = (column: typeof couponRedemptions.userId | typeof invoices.userId) =>
    sql<number>`count(*) filter (where ${column} = ${userId})`.mapWith(Number);
  const [redeemed] = await tx
    .select({ all: count(), mine: mine(couponRedemptions.userId) })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, coupon.id));
  const [held] = await tx
    .select({ all: count(), mine: mine(invoices.userId) })
    .from(invoices)
    .where(and(eq(invoices.couponId, coupon.id), holdsCouponUse(now)));
  return {
    coupon,
    uses: (redeemed?.all ?? 0) + (held?.all ?? 0),
    usedByCustomer: (redeemed?.mine ?? 0) > 0,
    heldByCustomer: (held?.mine ?? 0) > 0,
  };
};

export const insertInvoice = async (db: Db, invoice: NewInvoice): Promise<InvoiceRow> => {
  const [row] = await db.insert(invoices).values(invoice).returning();
  if (!row) throw new Error('invoice was not created');
  return row;
};

/** An invoice whose checkout could not be opened: unpaid and unknown to any provider, so nobody can pay it. */
export const deleteUnopenedInvoice = async (db: Db, id: string): Promise<void> => {
  await db
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.paid, false), isNull(invoices.providerRef)));
};

export const setInvoiceCheckout = async (
  db: Db,
  id: string,
  hostedUrl: string | null,
  providerRef: string | null,
): Promise<void> => {
  await db.update(invoices).set({ hostedUrl, providerRef }).where(eq(invoices.id, id));
};

/** A customer's own invoice; another customer's is simply not found. */
export const findOwnInvoice = (db: Db, userId: string, id: string): Promise<InvoiceRow | undefined> =>
  findOwnRow(db, invoices, userId, id);

export const findInvoiceById = async (db: Db, id: string): Promise<InvoiceRow | undefined> =>
  isUuid(id) ? (await db.select().from(invoices).where(eq(invoices.id, id)))[0] : undefined;

export const findInvoiceByProviderRef = async (
  db: Db,
  providerRef: string,
): Promise<InvoiceRow | undefined> =>
  (await db.select().from(invoices).where(eq(invoices.providerRef, providerRef)))[0];

/** Newest first, `pageSize` a page, with the total. */
export const listInvoices = (db: Db, userId: string, page: number, pageSize: number) =>
  ownRowsPage(db, invoices, userId, page, pageSize);

/** The plan that more GB would extend: the customer's newest active plan of that product. */
export const findActiveCustomerPlan = async (db: Db, userId: string, productType: string) =>
  (
    await db
      .select()
      .from(customerPlans)
      .where(customerPlansIn(userId, productType, 'active'))
      .orderBy(desc(customerPlans.createdAt))
      .limit(1)
  )[0];

/** The customer's newest plan of a product, whatever its state (the product page says when it is suspended). */
export const findNewestCustomerPlan = async (db: Db, userId: string, productType: string) =>
  (
    await db
      .select()
      .from(customerPlans)
      .where(and(eq(customerPlans.userId, userId), eq(customerPlans.productType, productType)))
      .orderBy(desc(customerPlans.createdAt))
      .limit(1)
  )[0];

/** Creates or replaces a promo code (the operator's command line). */
export const saveCoupon = async (
  db: Db,
  coupon: {
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    maxUses: number | null;
    validUntil: Date | null;
  },
): Promise<void> => {
  await db
    .insert(coupons)
    .values({ ...coupon, isActive: true })
    .onConflictDoUpdate({
      target: coupons.code,
      set: {
        kind: coupon.kind,
        value: coupon.value,
        maxUses: coupon.maxUses,
        validUntil: coupon.validUntil,
        isActive: true,
      },
    });
};
