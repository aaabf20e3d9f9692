import { centsToEuro, PAGE_SIZE, type Invoice } from '@proxydesk/contract';
import {
  deleteUnopenedInvoice,
  findCouponForUpdate,
  findOwnInvoice,
  insertInvoice,
  listInvoices,
  listLedger,
  lockBalanceOwner,
  type Db,
  type InvoiceRow,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { Account } from '../../plugins/authenticate.js';
import type { PaymentService } from '../payments/payment.service.js';
import type { TaxService } from '../tax/tax.service.js';
import type { Quote } from './quote.js';

/** An invoice as the API answers it (SPEC.md §3). */
export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  plan_name: row.planName,
  plan_price: centsToEuro(row.priceCents),
  list_price: centsToEuro(row.listPriceCents),
  plan_data: row.dataGb,
  ip_amount: row.ipAmount,
  duration: row.durationHours,
  proxy_type: row.proxyType,
  coupon: row.couponCode,
  payment_method: row.paymentMethod,
  status: row.paid,
  refunded: row.refundedAt !== null,
  expired: row.expiredAt !== null,
  refunded_amount: centsToEuro(row.refundedCents),
  created: row.createdAt.toISOString(),
  hosted_url: row.paid ? null : row.hostedUrl,
  paid_at: row.paidAt?.toISOString() ?? null,
  due_at: row.dueAt?.toISOString() ?? null,
  note: row.note,
  number: row.number,
});

/** Percent or fixed off, never below zero (DESIGN.md §4). */
const discounted = (cents: number, coupon: { kind: 'percent' | 'fixed'; value: number }) =>
  Math.max(
    0,
    coupon.kind === 'percent'
      ? Math.round((cents * (100 - Math.min(coupon.value, 100))) / 100)
      : cents - coupon.value,
  );

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/** `isMethodOnSale`: the catalogue lists the payment method as active (the operator can withdraw one). */
export const createInvoiceService = (
  db: Db,
  payments: PaymentService,
  isMethodOnSale: (code: string) => Promise<boolean>,
  tax: TaxService,
) => {
  /**
   * The coupon's terms, checked for this customer now: a clear 400 for each way it can be refused. In a
   * transaction, the coupon stays locked until it ends.
   */
  const redeemable = async (tx: Db, code: string, userId: string, product?: string) => {
    const now = new Date();
    const found = await findCouponForUpdate(tx, code, userId, now);
    if (!found?.coupon.isActive) throw new HttpError(400, 'Unknown promo code');
    const { coupon, uses, usedByCustomer, heldByCustomer } = found;
    if (coupon.validFrom && coupon.validFrom > now)
      throw new HttpError(400, 'This promo code is not valid yet');
    if (coupon.validUntil && coupon.validUntil <= now)
      throw new HttpError(400, 'This promo code has expired');
    if (product && coupon.products && !coupon.products.includes(product))
      throw new HttpError(400, 'This promo code does not apply to this product');
    if (coupon.oncePerCustomer && usedByCustomer)
      throw new HttpError(400, 'You have already used this promo code');
    if (coupon.oncePerCustomer && heldByCustomer) {
      throw new HttpError(
        400,
        'This promo code is on an unpaid invoice of yours: pay that invoice, or wait until it expires',
      );
    }
    if (coupon.maxUses !== null && uses >= coupon.maxUses)
      throw new HttpError(400, 'This promo code has been used up');
    return coupon;
  };

  return {
    /** The promo code as it would apply now (same checks as at checkout), for the checkout's total. */
    checkCoupon: async ({ user }: Account, code: string) => {
      const coupon = await redeemable(db, code, user.id);
      return {
        code: coupon.code,
        kind: coupon.kind,
        value: coupon.kind === 'fixed' ? centsToEuro(coupon.value) : coupon.value,
      };
    },

    /**
     * Prices come from the quote (the catalogue), the coupon is applied here, then the tax (`TaxService`): the
     * invoice's price is the total the provider charges. The invoice, its coupon use and
     * a payment on the spot are one transaction; then a provider's checkout opens.
     */
    create: async (
      { user }: Account,
      quote: Quote,
      options: { paymentMethod: string; coupon?: string | null | undefined },
    ) => {
      if (!payments.accepts(options.paymentMethod) || !(await isMethodOnSale(options.paymentMethod))) {
        throw new HttpError(400, 'This payment method is not available');
      }
      if (options.paymentMethod === 'balance' && user.role !== 'reseller')
        throw new HttpError(400, 'Only resellers pay from a balance');
      if (options.paymentMethod === 'balance' && quote.kind === 'balance')
        throw new HttpError(400, 'A top-up cannot be paid from the balance');
      const code = options.coupon?.trim() || null;
      if (code && quote.kind === 'balance') throw new HttpError(400, 'Promo codes do not apply to top-ups');
      const invoice = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // The balance's lock before anything else: purchases of one reseller queue here, in one order.
        if (options.paymentMethod === 'balance') await lockBalanceOwner(tx, user.id);
        const coupon = code ? await redeemable(tx, code, user.id, quote.proxyType) : null;
        const price = coupon ? discounted(quote.listPriceCents, coupon) : quote.listPriceCents;
        // A top-up is money on account, not a sale: VAT is charged when the balance buys something.
        const sums =
          quote.kind === 'balance' ? { priceCents: price } : await tax.invoiceSums(tx, user.id, price);
        const row = await insertInvoice(tx, {
          ...quote,
          userId: user.id,
          ...sums,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
          paymentMethod: options.paymentMethod,
        });
        if (payments.paysOnSpot(row)) await payments.payOnSpot(tx, row);
        return row;
      });
      if (payments.paysOnSpot(invoice)) {
        return { detail: 'Paid: your order is ready', payload: { hosted_url: null, invoice_id: invoice.id } };
      }
      // No checkout, no invoice: one that no provider knows could never be paid, and would hold its coupon.
      const hostedUrl = await payments.checkout(invoice, user.email).catch(async (error: unknown) => {
        await deleteUnopenedInvoice(db, invoice.id);
        throw error;
      });
      return {
        detail: 'Invoice created: complete the payment',
        payload: { hosted_url: hostedUrl, invoice_id: invoice.id },
      };
    },

    ledger: async ({ user }: Account, page: number, pageUrl: (page: number) => string) => {
      const { rows, count } = await listLedger(db, user.id, page, PAGE_SIZE);
      const results = rows.map((row) => ({
        id: row.id,
        amount: centsToEuro(row.amountCents),
        reason: row.reason,
        invoice_id: row.invoiceId,
        created: row.createdAt.toISOString(),
      }));
      return { count, next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null, results };
    },

    list: async ({ user }: Account, page: number, pageUrl: (page: number) => string) => {
      const { rows, count } = await listInvoices(db, user.id, page, PAGE_SIZE);
      return {
        count,
        next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
        results: rows.map(toInvoice),
      };
    },

    read: async ({ user }: Account, id: string) => {
      // Another customer's, malformed or no such invoice: all the same 404 (DESIGN.md §2).
      const row = await findOwnInvoice(db, user.id, id);
      if (!row) throw new HttpError(404, 'Invoice not found');
      return toInvoice(row);
    },
  };
};
