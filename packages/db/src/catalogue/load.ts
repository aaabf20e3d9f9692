import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { euroToCents } from '@proxydesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../client.js';
import { StartupError } from '../data-dir-lock.js';
import {
  announcements,
  auditLog,
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
  vatRates,
} from '../schema/index.js';
import {
  contentFileSchema,
  customDayPriceFileSchema,
  faqFileSchema,
  locationFileSchema,
  paymentMethodFileSchema,
  planFileSchema,
  proxyPoolFileSchema,
  vatRateFileSchema,
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
  vatRates: await readCatalogueFile(dir, 'vat-rates.json', vatRateFileSchema),
});
export type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;

/** Inserts rows in chunks; a row whose key is already there is left as it is. */
const insertNew = async <T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(table)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
};

const nameOf = (row: unknown) => (row as { name?: unknown } | null)?.name;

/**
 * The FAQ slugs and social link names an operator removed in the console. The audit trail (never edited)
 * remembers them, so that a restart does not bring back what the files still list.
 */
const removedByOperator = async (db: Db) => {
  const rows = await db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.targetType, ['faq', 'social-links']),
        inArray(auditLog.action, ['faq.delete', 'social-links.set']),
      ),
    );
  const faqSlugs = new Set<string>();
  const socialNames = new Set<string>();
  for (const row of rows) {
    if (row.action === 'faq.delete') {
      const slug = (row.before as { slug?: unknown } | null)?.slug;
      if (typeof slug === 'string') faqSlugs.add(slug);
      continue;
    }
    const kept = new Set(Array.isArray(row.after) ? row.after.map(nameOf) : []);
    for (const link of Array.isArray(row.before) ? row.before : []) {
      const name = nameOf(link);
      if (typeof name === 'string' && !kept.has(name)) socialNames.add(name);
    }
  }
  return { faqSlugs, socialNames };
};

/**
 * Seeds the database from the catalogue files in one transaction: a row whose key (plan slug, payment method
 * code, FAQ slug, social link name, day count, location code) is not in the database yet is added, unless an
 * operator removed it (an FAQ or a social link), and the demo pool goes into an empty pool only; a row that is
 * there is never touched. The database is the source of truth once seeded: the operator
 * edits it in the console, and neither a restart nor a CLI call puts a file's value back
 * (docs/decisions/002-catalogue-files.md). Running it again changes nothing.
 */
export const loadCatalogue = async (db: Db, catalogue: Catalogue): Promise<void> => {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // New rows go after the operator's: their order among themselves is the file's.
    const [lastPlan] = await tx
      .select({ n: sql`coalesce(max(${plans.sortOrder}), -1)`.mapWith(Number) })
      .from(plans);
    await insertNew(
      tx,
      plans,
      catalogue.plans.map((p, index) => ({
        slug: p.slug,
        type: p.type,
        name: p.name,
        priceCents: euroToCents(p.price),
        durationHours: p.duration,
        ipAmount: p.ipAmount,
        dataGb: p.data,
        addGbPriceCents: p.add_gb_price === null ? null : euroToCents(p.add_gb_price),
        sortOrder: (lastPlan?.n ?? -1) + 1 + index,
        isActive: p.active,
      })),
    );
    await renamePlans(tx, catalogue.plans);
    await insertNew(
      tx,
      customDayPrices,
      Object.entries(catalogue.customDayPrices).flatMap(([productType, prices = []]) =>
        prices.map((price, index) => ({ productType, days: index + 1, priceCents: euroToCents(price) })),
      ),
    );
    await insertNew(
      tx,
      paymentMethods,
      catalogue.paymentMethods.map((m, index) => ({
        code: m.code,
        name: m.name,
        sortOrder: index,
        isActive: m.active,
      })),
    );
    await insertNew(
      tx,
      vatRates,
      Object.entries(catalogue.vatRates).map(([countryCode, ratePercent]) => ({ countryCode, ratePercent })),
    );
    const removed = await removedByOperator(tx);
    await insertNew(
      tx,
      faqs,
      catalogue.faqs
        .map((f, index) => ({ ...f, sortOrder: index }))
        .filter((f) => !removed.faqSlugs.has(f.slug)),
    );
    await insertNew(
      tx,
      socialLinks,
      catalogue.content.social
        .map((s, index) => ({ ...s, sortOrder: index }))
        .filter((s) => !removed.socialNames.has(s.name)),
    );
    const [anyAnnouncement] = await tx.select({ id: announcements.id }).from(announcements).limit(1);
    if (!anyAnnouncement) await tx.insert(announcements).values(catalogue.content.announcement);
    const [anyMaintenance] = await tx.select({ id: maintenance.id }).from(maintenance).limit(1);
    if (!anyMaintenance) await tx.insert(maintenance).values(catalogue.content.maintenance);

    await loadLocations(tx, catalogue.locations);
    await loadProxyPool(tx, catalogue.proxyPool);
  });
};

/**
 * A plan the files renamed (issue #19: "Unlimited" on a capped plan) takes its new name in a shop that was
 * seeded with an old one, unless the operator named it otherwise: a row still called a former name is the
 * files' name, never an edit.
 */
const renamePlans = async (db: Db, file: Catalogue['plans']): Promise<void> => {
  for (const plan of file) {
    if (plan.formerNames.length === 0) continue;
    await db
      .update(plans)
      .set({ name: plan.name })
      .where(and(eq(plans.slug, plan.slug), inArray(plans.name, plan.formerNames)));
  }
};

/** Adds the premium locations that are new; the operator's on/off switches stay. */
const loadLocations = async (db: Db, file: Catalogue['locations']): Promise<void> => {
  const countryRows = [
    ...file.special.map((s) => ({ code: s.code, name: s.name, grp: 'special' })),
    ...file.continents.flatMap((continent) =>
      continent.countries.map((c) => ({ code: c.code, name: c.name, grp: continent.name })),
    ),
  ].map((row, index) => ({ ...row, sortOrder: index }));
  const countries = file.continents.flatMap((c) => c.countries);
  await insertNew(db, locations, countryRows);
  await insertNew(
    db,
    locationCities,
    countries.flatMap((c) =>
      c.cities.map((city) => ({ countryCode: c.code, code: city.code, name: city.name })),
    ),
  );
  await insertNew(
    db,
    locationIsps,
    countries.flatMap((c) =>
      c.cities.flatMap((city) =>
        city.isps.map((isp) => ({ countryCode: c.code, cityCode: city.code, ...isp })),
      ),
    ),
  );
};

/**
 * Seeds a product's pool from the file only while it has no address at all: the file is the demo pool
 * (documentation addresses, issue #19), which must never join a pool the operator has filled or emptied.
 * Addresses are the operator's from then on (imported and retired in the console).
 */
const loadProxyPool = async (db: Db, file: Catalogue['proxyPool']): Promise<void> => {
  const filled = new Set(
    (await db.selectDistinct({ productType: proxyPool.productType }).from(proxyPool)).map(
      (r) => r.productType,
    ),
  );
  const rows = (['PR_4', 'PR_5'] as const)
    .filter((productType) => !filled.has(productType))
    .flatMap((productType) =>
      file[productType].flatMap(expandPoolLine).map((endpoint) => ({ productType, ...endpoint })),
    );
  await insertNew(db, proxyPool, rows);
};
