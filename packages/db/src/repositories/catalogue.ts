import {
  centsToEuro,
  type Announcement,
  type CustomDayPrices,
  type Faq,
  type Maintenance,
  type PaymentMethod,
  type Plan,
  type ProductCode,
  type SocialMedia,
  type PaymentMethodCode,
} from '@proxydesk/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  announcements,
  customDayPrices,
  faqs,
  locationCities,
  locationIsps,
  locations,
  maintenance,
  paymentMethods,
  plans,
  socialLinks,
} from '../schema/index.js';

/** Active plans in catalogue order. */
export const listPlans = async (db: Db): Promise<Plan[]> => {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.isActive, true))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  return rows.map((p) => ({
    id: p.id,
    type: p.type as ProductCode,
    name: p.name,
    price: centsToEuro(p.priceCents),
    duration: p.durationHours,
    ipAmount: p.ipAmount,
    data: p.dataGb,
    add_gb_price: p.addGbPriceCents === null ? null : centsToEuro(p.addGbPriceCents),
  }));
};

/** Each custom-plan product's price per day for 1..30 days, in euro (index = days − 1). */
export const listCustomDayPriceTables = async (db: Db): Promise<CustomDayPrices[]> => {
  const rows = await db
    .select()
    .from(customDayPrices)
    .orderBy(asc(customDayPrices.productType), asc(customDayPrices.days));
  const tables = new Map<string, number[]>();
  for (const row of rows)
    tables.set(row.productType, [...(tables.get(row.productType) ?? []), centsToEuro(row.priceCents)]);
  return [...tables].map(([type, prices]) => ({ type: type as CustomDayPrices['type'], prices }));
};

export const listPaymentMethods = async (db: Db): Promise<PaymentMethod[]> => {
  const rows = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name, code: paymentMethods.code })
    .from(paymentMethods)
    .where(eq(paymentMethods.isActive, true))
    .orderBy(asc(paymentMethods.sortOrder));
  return rows.map((m) => ({ ...m, code: m.code as PaymentMethodCode }));
};

export const listFaqs = (db: Db): Promise<Faq[]> =>
  db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder));

/** Newest first: the dashboard shows the first item. */
export const listAnnouncements = (db: Db): Promise<Announcement[]> =>
  db
    .select({ id: announcements.id, title: announcements.title, status: announcements.status })
    .from(announcements)
    .orderBy(desc(announcements.createdAt), desc(announcements.id));

export const listSocialLinks = (db: Db): Promise<SocialMedia[]> =>
  db
    .select({ id: socialLinks.id, name: socialLinks.name, url: socialLinks.url })
    .from(socialLinks)
    .orderBy(asc(socialLinks.sortOrder));

export const listMaintenance = (db: Db): Promise<Maintenance[]> =>
  db
    .select({ id: maintenance.id, status: maintenance.status })
    .from(maintenance)
    .orderBy(asc(maintenance.id));

/** Turns maintenance mode on or off (operator CLI); returns the previous state. */
export const setMaintenance = async (db: Db, status: boolean): Promise<boolean> => {
  const [current] = await listMaintenance(db);
  if (!current) {
    await db.insert(maintenance).values({ status });
    return false;
  }
  await db.update(maintenance).set({ status, updatedAt: new Date() }).where(eq(maintenance.id, current.id));
  return current.status;
};

/**
 * The premium generator's locations (SPEC.md §3 country stats): specials first, then countries by continent;
 * only those the operator has on.
 */
export const listLocationTree = async (db: Db) => {
  const [countries, cities, isps] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(eq(locations.isActive, true))
      .orderBy(asc(locations.sortOrder), asc(locations.name)),
    db
      .select()
      .from(locationCities)
      .where(eq(locationCities.isActive, true))
      .orderBy(asc(locationCities.name)),
    db.select().from(locationIsps).where(eq(locationIsps.isActive, true)).orderBy(asc(locationIsps.name)),
  ]);
  const ispsOf = new Map<string, { code: string; name: string }[]>();
  for (const isp of isps) {
    const key = `${isp.countryCode}/${isp.cityCode}`;
    ispsOf.set(key, [...(ispsOf.get(key) ?? []), { code: isp.code, name: isp.name }]);
  }
  const citiesOf = new Map<
    string,
    { code: string; name: string; isps: { options: { code: string; name: string }[] } }[]
  >();
  for (const city of cities) {
    const entry = {
      code: city.code,
      name: city.name,
      isps: { options: ispsOf.get(`${city.countryCode}/${city.code}`) ?? [] },
    };
    citiesOf.set(city.countryCode, [...(citiesOf.get(city.countryCode) ?? []), entry]);
  }
  return countries.map((c) => ({
    code: c.code,
    name: c.name,
    group: c.grp,
    cities: { options: citiesOf.get(c.code) ?? [] },
  }));
};
