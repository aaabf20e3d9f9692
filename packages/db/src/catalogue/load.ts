import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { euroToCents } from '@proxydesk/contract';
import { notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.js';
import { StartupError } from '../data-dir-lock.js';
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
  proxyPool,
  socialLinks,
} from '../schema/index.js';
import {
  contentFileSchema,
  customDayPriceFileSchema,
  faqFileSchema,
  locationFileSchema,
  paymentMethodFileSchema,
  planFileSchema,
  proxyPoolFileSchema,
} from './files.js';
import { expandPoolLine } from './pool.js';

export const defaultCatalogueDir = fileURLToPath(new URL('../../catalogue', import.meta.url));

const readCatalogueFile = async <T extends z.ZodType>(
  dir: string,
  name: string,
  schema: T,
): Promise<z.infer<T>> => {
  const path = join(dir, name);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new StartupError(`Catalogue file ${path} cannot be read (${(error as Error).message}).`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StartupError(
      `Catalogue file ${path} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}.`,
    );
  }
  return parsed.data;
};

/** Reads and validates every catalogue file, before anything is written. */
export const readCatalogue = async (dir = defaultCatalogueDir) => ({
  plans: await readCatalogueFile(dir, 'plans.json', planFileSchema),
  customDayPrices: await readCatalogueFile(dir, 'custom-day-prices.json', customDayPriceFileSchema),
  paymentMethods: await readCatalogueFile(dir, 'payment-methods.json', paymentMethodFileSchema),
  faqs: await readCatalogueFile(dir, 'faqs.json', faqFileSchema),
  content: await readCatalogueFile(dir, 'content.json', contentFileSchema),
  locations: await readCatalogueFile(dir, 'locations.json', locationFileSchema),
  proxyPool: await readCatalogueFile(dir, 'proxy-pool.json', proxyPoolFileSchema),
});
export type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;

/** `excluded.<column>` for an upsert's update set. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Loads the catalogue files into the database in one transaction; running it again changes nothing.
 * The files are the source of truth for plans, prices, payment methods, FAQs, social links and
 * locations. Plans and payment methods that left the files are deactivated, never deleted (invoices
 * point at them). The announcement and the maintenance switch are seeded only when absent, so the
 * operator's changes survive restarts (docs/decisions/002-catalogue-files.md).
 */
export const loadCatalogue = async (db: Db, catalogue: Catalogue): Promise<void> => {
  await db.transaction(async (tx) => {
    const planRows = catalogue.plans.map((p, index) => ({
      slug: p.slug,
      type: p.type,
      name: p.name,
      priceCents: euroToCents(p.price),
      durationHours: p.duration,
      ipAmount: p.ipAmount,
      dataGb: p.data,
      addGbPriceCents: p.add_gb_price === null ? null : euroToCents(p.add_gb_price),
      sortOrder: index,
      isActive: p.active,
    }));
    await tx
      .insert(plans)
      .values(planRows)
      .onConflictDoUpdate({
        target: plans.slug,
        set: {
          type: excluded('type'),
          name: excluded('name'),
          priceCents: excluded('price_cents'),
          durationHours: excluded('duration_hours'),
          ipAmount: excluded('ip_amount'),
          dataGb: excluded('data_gb'),
          addGbPriceCents: excluded('add_gb_price_cents'),
          sortOrder: excluded('sort_order'),
          isActive: excluded('is_active'),
        },
      });
    await tx
      .update(plans)
      .set({ isActive: false })
      .where(
        notInArray(
          plans.slug,
          planRows.map((p) => p.slug),
        ),
      );

    const dayRows = Object.entries(catalogue.customDayPrices).flatMap(([productType, prices = []]) =>
      prices.map((price, index) => ({ productType, days: index + 1, priceCents: euroToCents(price) })),
    );
    await tx.delete(customDayPrices);
    if (dayRows.length > 0) await tx.insert(customDayPrices).values(dayRows);

    const methodRows = catalogue.paymentMethods.map((m, index) => ({
      code: m.code,
      name: m.name,
      sortOrder: index,
      isActive: m.active,
    }));
    await tx
      .insert(paymentMethods)
      .values(methodRows)
      .onConflictDoUpdate({
        target: paymentMethods.code,
        set: { name: excluded('name'), sortOrder: excluded('sort_order'), isActive: excluded('is_active') },
      });
    await tx
      .update(paymentMethods)
      .set({ isActive: false })
      .where(
        notInArray(
          paymentMethods.code,
          methodRows.map((m) => m.code),
        ),
      );

    const faqRows = catalogue.faqs.map((f, index) => ({ ...f, sortOrder: index }));
    await tx
      .insert(faqs)
      .values(faqRows)
      .onConflictDoUpdate({
        target: faqs.slug,
        set: {
          question: excluded('question'),
          answer: excluded('answer'),
          sortOrder: excluded('sort_order'),
        },
      });
    await tx.delete(faqs).where(
      notInArray(
        faqs.slug,
        faqRows.map((f) => f.slug),
      ),
    );

    const socialRows = catalogue.content.social.map((s, index) => ({ ...s, sortOrder: index }));
    if (socialRows.length > 0) {
      await tx
        .insert(socialLinks)
        .values(socialRows)
        .onConflictDoUpdate({
          target: socialLinks.name,
          set: { url: excluded('url'), sortOrder: excluded('sort_order') },
        });
    }
    await tx.delete(socialLinks).where(
      notInArray(
        socialLinks.name,
        socialRows.map((s) => s.name),
      ),
    );

    const [anyAnnouncement] = await tx.select({ id: announcements.id }).from(announcements).limit(1);
    if (!anyAnnouncement) await tx.insert(announcements).values(catalogue.content.announcement);
    const [anyMaintenance] = await tx.select({ id: maintenance.id }).from(maintenance).limit(1);
    if (!anyMaintenance) await tx.insert(maintenance).values(catalogue.content.maintenance);

    await loadLocations(tx, catalogue.locations);
    await loadProxyPool(tx, catalogue.proxyPool);
  });
};

/** Replaces the premium locations with the file's (nothing else references them). */
const loadLocations = async (db: Db, file: Catalogue['locations']): Promise<void> => {
  const countryRows = [
    ...file.special.map((s, index) => ({ code: s.code, name: s.name, grp: 'special', sortOrder: index })),
    ...file.continents.flatMap((continent) =>
      continent.countries.map((c) => ({ code: c.code, name: c.name, grp: continent.name, sortOrder: 0 })),
    ),
  ].map((row, index) => ({ ...row, sortOrder: index }));
  const countries = file.continents.flatMap((c) => c.countries);
  const cityRows = countries.flatMap((c) =>
    c.cities.map((city) => ({ countryCode: c.code, code: city.code, name: city.name })),
  );
  const ispRows = countries.flatMap((c) =>
    c.cities.flatMap((city) =>
      city.isps.map((isp) => ({ countryCode: c.code, cityCode: city.code, ...isp })),
    ),
  );
  await db.delete(locationIsps);
  await db.delete(locationCities);
  await db.delete(locations);
  for (let start = 0; start < countryRows.length; start += 500) {
    await db.insert(locations).values(countryRows.slice(start, start + 500));
  }
  if (cityRows.length > 0) await db.insert(locationCities).values(cityRows);
  if (ispRows.length > 0) await db.insert(locationIsps).values(ispRows);
};

/**
 * Adds the pool file's addresses that are new. Addresses that left the file stay (a plan may be using
 * one); the operator retires them in the database.
 */
const loadProxyPool = async (db: Db, file: Catalogue['proxyPool']): Promise<void> => {
  const rows = (['PR_4', 'PR_5'] as const).flatMap((productType) =>
    file[productType].flatMap(expandPoolLine).map((endpoint) => ({ productType, ...endpoint })),
  );
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(proxyPool)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
};
