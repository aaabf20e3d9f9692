import {
  centsToEuro,
  euroToCents,
  type AdminCatalogue,
  type AdminCoupon,
  type AdminPlan,
  type ProductCode,
} from '@proxydesk/contract';
import {
  createCoupon,
  createFaq,
  createPlan,
  deleteFaq,
  editCoupon,
  editFaq,
  editPlan,
  listAllFaqs,
  listAllLocations,
  listAllPaymentMethods,
  listAllPlans,
  listAnnouncements,
  listCouponsWithUses,
  listCustomDayPriceTables,
  listMaintenance,
  listSocialLinks,
  orderFaqs,
  readReplacementPercent,
  saveReplacementPercent,
  setAnnouncement,
  setDayPrices,
  setLocationActive,
  setMaintenanceAudited,
  setPaymentMethods,
  setSocialLinks,
  type Actor,
  type CouponFields,
  type Db,
  type PlanFields,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { refusalsAnswered } from './refusals.js';

type PlanRow = Awaited<ReturnType<typeof listAllPlans>>[number];
type CouponWithUses = Awaited<ReturnType<typeof listCouponsWithUses>>[number];

const planOf = (p: PlanRow): AdminPlan => ({
  id: p.id,
  slug: p.slug,
  type: p.type as ProductCode,
  name: p.name,
  price: centsToEuro(p.priceCents),
  duration: p.durationHours,
  ip_amount: p.ipAmount,
  data_gb: p.dataGb,
  add_gb_price: p.addGbPriceCents === null ? null : centsToEuro(p.addGbPriceCents),
  active: p.isActive,
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const date = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null ? null : new Date(text);

const couponOf = ({ coupon, uses, revenueCents }: CouponWithUses): AdminCoupon => ({
  id: coupon.id,
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.kind === 'fixed' ? centsToEuro(coupon.value) : coupon.value,
  valid_from: iso(coupon.validFrom),
  valid_until: iso(coupon.validUntil),
  max_uses: coupon.maxUses,
  once_per_customer: coupon.oncePerCustomer,
  products: coupon.products as ProductCode[] | null,
  active: coupon.isActive,
  uses,
  revenue: centsToEuro(revenueCents),
});

/** Undefined fields stay out: a partial edit changes only what it names. */
const defined = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

interface PlanInput {
  type?: ProductCode | undefined;
  name?: string | undefined;
  price?: number | undefined;
  duration?: number | undefined;
  ip_amount?: number | null | undefined;
  data_gb?: number | null | undefined;
  add_gb_price?: number | null | undefined;
  active?: boolean | undefined;
}

const planFields = (input: PlanInput) =>
  defined({
    type: input.type,
    name: input.name,
    priceCents: input.price === undefined ? undefined : euroToCents(input.price),
    durationHours: input.duration,
    ipAmount: input.ip_amount,
    dataGb: input.data_gb,
    addGbPriceCents:
      input.add_gb_price === undefined || input.add_gb_price === null
        ? input.add_gb_price
        : euroToCents(input.add_gb_price),
    isActive: input.active,
  });

interface CouponInput {
  code?: string | undefined;
  kind?: 'percent' | 'fixed' | undefined;
  value?: number | undefined;
  valid_from?: string | null | undefined;
  valid_until?: string | null | undefined;
  max_uses?: number | null | undefined;
  once_per_customer?: boolean | undefined;
  products?: ProductCode[] | null | undefined;
  active?: boolean | undefined;
}

/** The coupon's value as stored: whole percent 1..100, or cents; a clear 400 otherwise. */
const couponValue = (kind: 'percent' | 'fixed', value: number) => {
  if (kind === 'percent') {
    if (!Number.isInteger(value) || value > 100)
      throw new HttpError(400, 'A percent off is a whole number 1 to 100');
    return value;
  }
  const cents = euroToCents(value);
  if (Math.abs(cents - value * 100) > 1e-6) throw new HttpError(400, 'A euro amount has at most 2 decimals');
  // A value so small it rounds to nothing (1e-156) passed both checks above, and the table refuses 0 off.
  if (cents < 1) throw new HttpError(400, 'A euro amount off is at least 0.01');
  return cents;
};

const notFound = (what: string) => new HttpError(404, `No such ${what}`);

/** A repository's answer: undefined is a 404 of `what`, a Refusal a 409 with its words. */
const answer = async <T>(what: string, change: Promise<T | undefined>): Promise<T> => {
  const result = await refusalsAnswered(change);
  if (result === undefined) throw notFound(what);
  return result;
};

/**
 * The catalogue as the console edits it (issue #17 §5). `changed` is called after each edit, so the customer
 * routes of this instance show it at once (their reads are memoized).
 */
export const createAdminCatalogueService = (db: Db, changed: () => void) => {
  /** Runs an edit and drops the kept catalogue reads once it is committed. */
  const edit = async <T>(what: string, change: Promise<T | undefined>): Promise<T> => {
    try {
      return await answer(what, change);
    } finally {
      changed();
    }
  };

  return {
    catalogue: async (canEdit: boolean): Promise<AdminCatalogue> => {
      const [plans, dayPrices, methods, coupons, faqs, announcements, social, maintenance, percent] =
        await Promise.all([
          listAllPlans(db),
          listCustomDayPriceTables(db),
          listAllPaymentMethods(db),
          listCouponsWithUses(db),
          listAllFaqs(db),
          listAnnouncements(db),
          listSocialLinks(db),
          listMaintenance(db),
          readReplacementPercent(db),
        ]);
      const [current] = announcements;
      return {
        plans: plans.map(planOf),
        day_prices: dayPrices,
        payment_methods: methods.map((m) => ({ code: m.code, name: m.name, active: m.isActive })),
        coupons: coupons.map(couponOf),
        faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer })),
        announcement: current ? { title: current.title, status: current.status } : null,
        social: social.map(({ name, url }) => ({ name, url })),
        maintenance: maintenance[0]?.status ?? false,
        replacement_percent: percent,
        can_edit: canEdit,
      };
    },

    locations: () => listAllLocations(db),

    createPlan: async (actor: Actor, input: Required<Omit<PlanInput, 'active'>>, reason: string) =>
      planOf(await edit('plan', createPlan(db, actor, planFields(input) as PlanFields, reason))),

    editPlan: async (actor: Actor, id: number, input: PlanInput, reason: string) => {
      const changes = planFields(input);
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'Nothing to change');
      return planOf(await edit('plan', editPlan(db, actor, id, changes, reason)));
    },

    retirePlan: async (actor: Actor, id: number, reason: string) =>
      planOf(await edit('plan', editPlan(db, actor, id, { isActive: false }, reason))),

    setDayPrices: (actor: Actor, type: string, prices: number[], reason: string) =>
      edit('product', setDayPrices(db, actor, type, prices.map(euroToCents), reason)),

    setPaymentMethods: (actor: Actor, methods: { code: string; active: boolean }[], reason: string) =>
      edit('payment method', setPaymentMethods(db, actor, methods, reason)),

    createCoupon: async (actor: Actor, input: Required<CouponInput>, reason: string) => {
      const fields = {
        code: input.code,
        kind: input.kind,
        value: couponValue(input.kind, input.value),
        validFrom: date(input.valid_from) ?? null,
        validUntil: date(input.valid_until) ?? null,
        maxUses: input.max_uses,
        oncePerCustomer: input.once_per_customer,
        products: input.products,
        isActive: input.active,
      } satisfies CouponFields;
      return couponOf(await edit('coupon', createCoupon(db, actor, fields, reason)));
    },

    editCoupon: async (actor: Actor, id: number, input: CouponInput, reason: string) => {
      if ((input.kind === undefined) !== (input.value === undefined))
        throw new HttpError(400, 'Give the kind and the value together');
      const changes = defined({
        code: input.code,
        kind: input.kind,
        value: input.kind && input.value !== undefined ? couponValue(input.kind, input.value) : undefined,
        validFrom: date(input.valid_from),
        validUntil: date(input.valid_until),
        maxUses: input.max_uses,
        oncePerCustomer: input.once_per_customer,
        products: input.products,
        isActive: input.active,
      });
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'Nothing to change');
      return couponOf(await edit('coupon', editCoupon(db, actor, id, changes, reason)));
    },

    createFaq: (actor: Actor, fields: { question: string; answer: string }, reason: string) =>
      edit('question', createFaq(db, actor, fields, reason)),
    editFaq: (actor: Actor, id: number, fields: { question: string; answer: string }, reason: string) =>
      edit('question', editFaq(db, actor, id, fields, reason)),
    deleteFaq: (actor: Actor, id: number, reason: string) =>
      edit('question', deleteFaq(db, actor, id, reason)),
    orderFaqs: async (actor: Actor, ids: number[], reason: string) => {
      const done = await edit('question', orderFaqs(db, actor, ids, reason)).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404)
          throw new HttpError(400, 'Name every question of the FAQ once');
        throw error;
      });
      return done;
    },

    setAnnouncement: (actor: Actor, value: { title: string; status: boolean }, reason: string) =>
      edit('announcement', setAnnouncement(db, actor, value, reason)),
    setSocialLinks: (actor: Actor, links: { name: string; url: string }[], reason: string) => {
      if (new Set(links.map((l) => l.name.toLowerCase())).size !== links.length)
        throw new HttpError(400, 'Each social link needs its own name');
      return edit('link', setSocialLinks(db, actor, links, reason));
    },
    setMaintenance: (actor: Actor, status: boolean, reason: string) =>
      edit('switch', setMaintenanceAudited(db, actor, status, reason)),
    setReplacementPercent: (actor: Actor, percent: number, reason: string) =>
      edit('setting', saveReplacementPercent(db, actor, percent, reason)),
    setLocation: (
      actor: Actor,
      place: { country: string; city?: string | undefined; isp?: string | undefined },
      active: boolean,
      reason: string,
    ) => {
      if (place.isp && !place.city) throw new HttpError(400, 'Name the city of the ISP');
      return edit('location', setLocationActive(db, actor, place, active, reason));
    },
  };
};

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
