import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  announcements,
  couponRedemptions,
  coupons,
  customDayPrices,
  faqs,
  invoices,
  locationCities,
  locationIsps,
  locations,
  maintenance,
  paymentMethods,
  plans,
  socialLinks,
} from '../schema/index.js';
import type { Actor } from './admin.js';
import { auditedChange, Refusal } from './admin-audited.js';

export type PlanFields = Omit<typeof plans.$inferInsert, 'id' | 'slug' | 'sortOrder'>;
export type CouponFields = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt'>;

/** Every plan, retired ones too, in catalogue order. */
export const listAllPlans = (db: Db) => db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));

/** A slug for a plan made in the console: from its name, never one a catalogue file would use. */
const consoleSlug = (name: string) =>
  `console-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)}-${randomBytes(3).toString('hex')}`;

export const createPlan = (db: Db, actor: Actor, fields: PlanFields, reason: string) =>
  auditedChange(db, actor, { action: 'plan.create', targetType: 'plan', reason }, async (tx) => {
    const [last] = await tx
      .select({ n: sql`coalesce(max(${plans.sortOrder}), -1)`.mapWith(Number) })
      .from(plans);
    const [row] = await tx
      .insert(plans)
      .values({ ...fields, slug: consoleSlug(fields.name), sortOrder: (last?.n ?? -1) + 1 })
      .returning();
    return { before: null, after: row, result: row!, targetId: String(row!.id) };
  });

/** Changes a plan's terms (or retires it, `isActive: false`): the invoices that bought it copied theirs. */
export const editPlan = (db: Db, actor: Actor, id: number, changes: Partial<PlanFields>, reason: string) =>
  auditedChange(
    db,
    actor,
    {
      action: changes.isActive === false && Object.keys(changes).length === 1 ? 'plan.retire' : 'plan.edit',
      targetType: 'plan',
      targetId: String(id),
      reason,
    },
    async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx.update(plans).set(changes).where(eq(plans.id, id)).returning();
      return { before, after, result: after! };
    },
  );

/** Replaces a custom plan's price per day (cents, index = days − 1). */
export const setDayPrices = (
  db: Db,
  actor: Actor,
  productType: string,
  pricesCents: number[],
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'day-prices.set', targetType: 'day-prices', targetId: productType, reason },
    async (tx) => {
      const before = await tx
        .select({ priceCents: customDayPrices.priceCents })
        .from(customDayPrices)
        .where(eq(customDayPrices.productType, productType))
        .orderBy(asc(customDayPrices.days));
      await tx.delete(customDayPrices).where(eq(customDayPrices.productType, productType));
      await tx
        .insert(customDayPrices)
        .values(pricesCents.map((priceCents, index) => ({ productType, days: index + 1, priceCents })));
      return { before: before.map((row) => row.priceCents), after: pricesCents, result: true };
    },
  );

export const listAllPaymentMethods = (db: Db) =>
  db.select().from(paymentMethods).orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));

/**
 * Switches payment methods on or off and puts them in the given order; methods not named keep their switch and
 * go after.
 */
export const setPaymentMethods = (
  db: Db,
  actor: Actor,
  methods: { code: string; active: boolean }[],
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'payment-methods.set', targetType: 'payment-methods', targetId: 'all', reason },
    async (tx) => {
      const before = await listAllPaymentMethods(tx);
      const known = new Set(before.map((m) => m.code));
      const unknown = methods.find((m) => !known.has(m.code));
      if (unknown) throw new Refusal(`The shop has no payment method ${unknown.code}`);
      const named = new Set(methods.map((m) => m.code));
      const order = [...methods, ...before.filter((m) => !named.has(m.code))];
      for (const [index, method] of order.entries()) {
        const active = 'isActive' in method ? method.isActive : method.active;
        await tx
          .update(paymentMethods)
          .set({ sortOrder: index, isActive: active })
          .where(eq(paymentMethods.code, method.code));
      }
      const summary = (rows: { code: string; isActive: boolean }[]) =>
        rows.map((m) => ({ code: m.code, active: m.isActive }));
      return { before: summary(before), after: summary(await listAllPaymentMethods(tx)), result: true };
    },
  );

/** Every coupon with its paid uses and the money they brought in (cents). */
export const listCouponsWithUses = (db: Db) =>
  db
    .select({
      coupon: coupons,
      uses: sql`count(${couponRedemptions.invoiceId})`.mapWith(Number),
      revenueCents: sql`coalesce(sum(${invoices.priceCents}), 0)`.mapWith(Number),
    })
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .leftJoin(invoices, and(eq(invoices.id, couponRedemptions.invoiceId), eq(invoices.paid, true)))
    .groupBy(coupons.id)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));

const couponWithUses = async (tx: Db, id: number) =>
  (await listCouponsWithUses(tx)).find((row) => row.coupon.id === id);

const refuseTakenCode = async (tx: Db, code: string, except?: number) => {
  const [clash] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = ${code.toLowerCase()}`);
  if (clash && clash.id !== except) throw new Refusal(`A promo code ${code} exists already`);
};

export const createCoupon = (db: Db, actor: Actor, fields: CouponFields, reason: string) =>
  auditedChange(db, actor, { action: 'coupon.create', targetType: 'coupon', reason }, async (tx) => {
    await refuseTakenCode(tx, fields.code);
    const [row] = await tx.insert(coupons).values(fields).returning();
    return { before: null, after: row, result: await couponWithUses(tx, row!.id), targetId: String(row!.id) };
  });

export const editCoupon = (
  db: Db,
  actor: Actor,
  id: number,
  changes: Partial<CouponFields>,
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    {
      action:
        changes.isActive === false && Object.keys(changes).length === 1 ? 'coupon.disable' : 'coupon.edit',
      targetType: 'coupon',
      targetId: String(id),
      reason,
    },
    async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!before) return undefined;
      if (changes.code !== undefined) await refuseTakenCode(tx, changes.code, id);
      const [after] = await tx.update(coupons).set(changes).where(eq(coupons.id, id)).returning();
      return { before, after, result: await couponWithUses(tx, id) };
    },
  );

export const listAllFaqs = (db: Db) => db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));

export const createFaq = (
  db: Db,
  actor: Actor,
  fields: { question: string; answer: string },
  reason: string,
) =>
  auditedChange(db, actor, { action: 'faq.create', targetType: 'faq', reason }, async (tx) => {
    const [last] = await tx
      .select({ n: sql`coalesce(max(${faqs.sortOrder}), -1)`.mapWith(Number) })
      .from(faqs);
    const [row] = await tx
      .insert(faqs)
      .values({
        ...fields,
        slug: `console-${randomBytes(4).toString('hex')}`,
        sortOrder: (last?.n ?? -1) + 1,
      })
      .returning();
    return { before: null, after: row, result: row!, targetId: String(row!.id) };
  });

export const editFaq = (
  db: Db,
  actor: Actor,
  id: number,
  fields: { question: string; answer: string },
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'faq.edit', targetType: 'faq', targetId: String(id), reason },
    async (tx) => {
      const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx.update(faqs).set(fields).where(eq(faqs.id, id)).returning();
      return { before, after, result: after! };
    },
  );

export const deleteFaq = (db: Db, actor: Actor, id: number, reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'faq.delete', targetType: 'faq', targetId: String(id), reason },
    async (tx) => {
      const [before] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
      return before ? { before, after: null, result: true } : undefined;
    },
  );

/** Puts the FAQ in the given order; undefined unless `ids` names every question once. */
export const orderFaqs = (db: Db, actor: Actor, ids: number[], reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'faq.order', targetType: 'faq', targetId: 'all', reason },
    async (tx) => {
      const before = (await listAllFaqs(tx)).map((f) => f.id);
      if (
        ids.length !== before.length ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => before.includes(id))
      )
        return undefined;
      for (const [index, id] of ids.entries())
        await tx.update(faqs).set({ sortOrder: index }).where(eq(faqs.id, id));
      return { before, after: ids, result: true };
    },
  );

/** The announcement customers see: the newest row, replaced in place (or made). */
export const setAnnouncement = (
  db: Db,
  actor: Actor,
  value: { title: string; status: boolean },
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'announcement.set', targetType: 'announcement', targetId: 'current', reason },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(announcements)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(1);
      if (before) await tx.update(announcements).set(value).where(eq(announcements.id, before.id));
      else await tx.insert(announcements).values(value);
      return {
        before: before ? { title: before.title, status: before.status } : null,
        after: value,
        result: true,
      };
    },
  );

export const setSocialLinks = (
  db: Db,
  actor: Actor,
  links: { name: string; url: string }[],
  reason: string,
) =>
  auditedChange(
    db,
    actor,
    { action: 'social-links.set', targetType: 'social-links', targetId: 'all', reason },
    async (tx) => {
      const before = await tx
        .select({ name: socialLinks.name, url: socialLinks.url })
        .from(socialLinks)
        .orderBy(asc(socialLinks.sortOrder));
      await tx.delete(socialLinks);
      if (links.length > 0)
        await tx.insert(socialLinks).values(links.map((link, index) => ({ ...link, sortOrder: index })));
      return { before, after: links, result: true };
    },
  );

export const setMaintenanceAudited = (db: Db, actor: Actor, status: boolean, reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'maintenance.set', targetType: 'maintenance', targetId: 'shop', reason },
    async (tx) => {
      const [current] = await tx.select().from(maintenance).orderBy(asc(maintenance.id)).limit(1);
      if (current)
        await tx
          .update(maintenance)
          .set({ status, updatedAt: new Date() })
          .where(eq(maintenance.id, current.id));
      else await tx.insert(maintenance).values({ status });
      return { before: { status: current?.status ?? false }, after: { status }, result: true };
    },
  );

/** Every premium location with its switch, for the console. */
export const listAllLocations = async (db: Db) => {
  const [countries, cities, isps] = await Promise.all([
    db.select().from(locations).orderBy(asc(locations.sortOrder), asc(locations.name)),
    db.select().from(locationCities).orderBy(asc(locationCities.name)),
    db.select().from(locationIsps).orderBy(asc(locationIsps.name)),
  ]);
  return countries.map((country) => ({
    code: country.code,
    name: country.name,
    group: country.grp,
    active: country.isActive,
    cities: cities
      .filter((city) => city.countryCode === country.code)
      .map((city) => ({
        code: city.code,
        name: city.name,
        active: city.isActive,
        isps: isps
          .filter((isp) => isp.countryCode === country.code && isp.cityCode === city.code)
          .map((isp) => ({ code: isp.code, name: isp.name, active: isp.isActive })),
      })),
  }));
};

/** Switches a country, a city of it or an ISP of that city on or off; undefined when there is no such place. */
export const setLocationActive = (
  db: Db,
  actor: Actor,
  place: { country: string; city?: string | undefined; isp?: string | undefined },
  active: boolean,
  reason: string,
) => {
  const targetId = [place.country, place.city, place.isp].filter(Boolean).join('/');
  const target = place.isp
    ? {
        table: locationIsps,
        where: and(
          eq(locationIsps.countryCode, place.country),
          eq(locationIsps.cityCode, place.city ?? ''),
          eq(locationIsps.code, place.isp),
        ),
      }
    : place.city
      ? {
          table: locationCities,
          where: and(eq(locationCities.countryCode, place.country), eq(locationCities.code, place.city)),
        }
      : { table: locations, where: eq(locations.code, place.country) };
  // One shape for the three tables: each has is_active, and `where` names the row in its own columns.
  const table = target.table as typeof locations;
  return auditedChange(
    db,
    actor,
    { action: 'location.set', targetType: 'location', targetId, reason },
    async (tx) => {
      const [before] = await tx.select({ active: table.isActive }).from(table).where(target.where);
      if (!before) return undefined;
      await tx.update(table).set({ isActive: active }).where(target.where);
      return { before, after: { active }, result: true };
    },
  );
};
