import {
  customPlanPrice,
  euroToCents,
  gbSliderPrice,
  isValidSliderGb,
  perGbPlanTotal,
  PRODUCT_NAMES,
  centsToEuro,
  takesMoreGb,
  type ProductCode,
  type z,
  type buyAdditionalBodySchema,
  type createInvoiceBodySchema,
  type createNormalInvoiceBodySchema,
  type customCheckoutBodySchema,
} from '@proxydesk/contract';
import {
  findActiveCustomerPlan,
  findActivePlan,
  findInvoiceById,
  findOwnPlan,
  listCustomDayPrices,
  type Db,
  type NewInvoice,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

/** What an invoice will say it sells, priced from the catalogue: a price sent by the client is never used. */
export type Quote = Omit<NewInvoice, 'userId' | 'priceCents' | 'couponId' | 'couponCode' | 'paymentMethod'>;

/** Per-GB products (ISP, premium): the card shows price × GB, and that is what is charged (SPEC.md §9). */
const PER_GB: ReadonlySet<string> = new Set<ProductCode>(['PR_2', 'PR_6']);

const planOr400 = async (db: Db, id: number) => {
  const plan = await findActivePlan(db, id);
  if (!plan) throw new HttpError(400, 'This plan is not on sale');
  return plan;
};

export const createQuotes = (db: Db, graceHours: number) => {
  const quotes = {
    /** A catalogue plan as it is (SPEC.md §7 /v1/invoice/create). */
    plan: async (body: z.output<typeof createInvoiceBodySchema>): Promise<Quote> => {
      const plan = await planOr400(db, body.plan);
      if (body.proxyType && body.proxyType !== plan.type)
        throw new HttpError(400, 'This plan is not for that product');
      if (plan.type === 'PR_1')
        throw new HttpError(400, 'Additional GB is bought for a plan you have: use Buy Additional GB');
      const price = PER_GB.has(plan.type)
        ? perGbPlanTotal(centsToEuro(plan.priceCents), plan.dataGb ?? 0)
        : centsToEuro(plan.priceCents);
      return {
        kind: 'plan',
        planId: plan.id,
        planName: plan.name,
        listPriceCents: euroToCents(price),
        dataGb: plan.dataGb,
        ipAmount: plan.ipAmount,
        durationHours: plan.durationHours,
        proxyType: plan.type,
      };
    },

    /** A normal (PR_3) plan with the GB slider (SPEC.md §9 formula). */
    normal: async (body: z.output<typeof createNormalInvoiceBodySchema>): Promise<Quote> => {
      const plan = await planOr400(db, body.plan);
      if (plan.type !== 'PR_3') throw new HttpError(400, 'The GB slider is for normal plans only');
      const slider = {
        price: centsToEuro(plan.priceCents),
        data: plan.dataGb ?? 0,
        add_gb_price: plan.addGbPriceCents === null ? null : centsToEuro(plan.addGbPriceCents),
      };
      if (!isValidSliderGb(slider, body.gb))
        throw new HttpError(400, `${body.gb} GB is not a choice for this plan`);
      return {
        kind: 'normal',
        planId: plan.id,
        planName: plan.name,
        listPriceCents: euroToCents(gbSliderPrice(slider, body.gb)),
        dataGb: body.gb,
        ipAmount: null,
        durationHours: plan.durationHours,
        proxyType: plan.type,
      };
    },

    /** More GB for the customer's current plan of a product, at the additional-GB plan's price per GB. */
    additional: async (userId: string, body: z.output<typeof buyAdditionalBodySchema>): Promise<Quote> => {
      const plan = await planOr400(db, body.plan);
      if (plan.type !== 'PR_1') throw new HttpError(400, 'Choose the additional GB plan');
      if (!takesMoreGb(body.plan_type))
        throw new HttpError(400, `${PRODUCT_NAMES[body.plan_type]} plans are not sold by the GB`);
      const target = await findActiveCustomerPlan(db, userId, body.plan_type);
      if (!target)
        throw new HttpError(400, `You have no active ${PRODUCT_NAMES[body.plan_type]} plan to add GB to`);
      return {
        kind: 'additional_gb',
        planId: plan.id,
        planName: `${body.amount} GB for ${target.planName}`,
        listPriceCents: euroToCents(perGbPlanTotal(centsToEuro(plan.priceCents), body.amount)),
        dataGb: body.amount,
        ipAmount: null,
        durationHours: null,
        proxyType: body.plan_type,
        targetPlanId: target.id,
      };
    },

    /** A custom datacenter / IPv6 plan from the operator's day-price table (DESIGN.md §4). */
    custom: async (body: z.output<typeof customCheckoutBodySchema>): Promise<Quote> => {
      const table = (await listCustomDayPrices(db, body.proxyType)).map(centsToEuro);
      if (table.length < body.days) throw new HttpError(400, 'Custom plans are not on sale for this product');
      return {
        kind: 'custom',
        planId: null,
        planName: `Custom ${PRODUCT_NAMES[body.proxyType]}: ${body.ips} IP${body.ips > 1 ? 's' : ''}, ${body.days} day${body.days > 1 ? 's' : ''}`,
        listPriceCents: euroToCents(customPlanPrice(body.days, body.ips, table)),
        dataGb: null,
        ipAmount: body.ips,
        durationHours: body.days * 24,
        proxyType: body.proxyType,
      };
    },

    /**
     * Another period of a customer's plan (issue #16 §5): what its first invoice bought, at today's catalogue
     * price; paid, it extends the same plan (same addresses, whitelist and name). A plan still waiting for
     * activation, suspended, or ended longer ago than the grace period (its addresses are gone) is not renewed.
     */
    renewal: async (userId: string, customerPlanId: string): Promise<Quote> => {
      const plan = await findOwnPlan(db, userId, customerPlanId);
      if (!plan) throw new HttpError(404, 'Plan not found');
      if (plan.status === 'pending') throw new HttpError(400, 'Activate this plan first');
      if (plan.status === 'suspended')
        throw new HttpError(400, 'This plan is suspended: it cannot be renewed');
      if (plan.expiresAt && plan.expiresAt.getTime() + graceHours * 3_600_000 <= Date.now())
        throw new HttpError(400, 'This plan ended too long ago to be renewed: buy a new one');
      const first = await findInvoiceById(db, plan.invoiceId);
      const same = { payment_method: 'balance', plan: first?.planId ?? 0 } as const;
      const period =
        first?.kind === 'plan' && first.planId !== null
          ? await quotes.plan(same)
          : first?.kind === 'normal' && first.planId !== null
            ? await quotes.normal({ ...same, gb: first.dataGb ?? 0 })
            : first?.kind === 'custom' && (first.proxyType === 'PR_4' || first.proxyType === 'PR_5')
              ? await quotes.custom({
                  payment_method: 'balance',
                  days: Math.round((first.durationHours ?? 0) / 24),
                  ips: first.ipAmount ?? 0,
                  proxyType: first.proxyType,
                })
              : undefined;
      if (!period) throw new HttpError(400, 'This plan cannot be renewed');
      return { ...period, kind: 'renewal', planName: `Renewal: ${plan.planName}`, targetPlanId: plan.id };
    },

    /** A reseller top-up: the amount is what is credited. */
    balance: (amount: number): Quote => ({
      kind: 'balance',
      planId: null,
      planName: 'Balance top-up',
      listPriceCents: euroToCents(amount),
      dataGb: null,
      ipAmount: null,
      durationHours: null,
      proxyType: 'balance',
    }),
  };
  return quotes;
};

export type Quotes = ReturnType<typeof createQuotes>;
