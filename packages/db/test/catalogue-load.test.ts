import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  listMaintenance,
  listPlans,
  loadCatalogue,
  migrate,
  readCatalogue,
  schema,
  setMaintenance,
} from '../src/index.js';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDb'));
});
afterAll(() => database.close());

const tableCounts = async () => {
  const { db } = database;
  const tables = {
    plans: schema.plans,
    customDayPrices: schema.customDayPrices,
    paymentMethods: schema.paymentMethods,
    faqs: schema.faqs,
    announcements: schema.announcements,
    socialLinks: schema.socialLinks,
    maintenance: schema.maintenance,
    locations: schema.locations,
    locationCities: schema.locationCities,
    locationIsps: schema.locationIsps,
    proxyPool: schema.proxyPool,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(
      async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]?.n] as const,
    ),
  );
  return Object.fromEntries(entries);
};

describe('migrations and catalogue loading', () => {
  it('applies the migrations again without error or change', async () => {
    const applied = async () => {
      const result: unknown = await database.db.execute(
        sql`select hash from drizzle.__drizzle_migrations order by id`,
      );
      return (result as { rows: unknown[] }).rows;
    };
    const before = await applied();
    expect(before.length).toBeGreaterThan(0);
    await migrate(database);
    await migrate(database);
    expect(await applied()).toEqual(before);
  });

  it('loads the catalogue idempotently: same rows and same plan ids after loading twice more', async () => {
    const counts = await tableCounts();
    const plans = await listPlans(database.db);
    expect(counts.plans).toBeGreaterThan(10);
    expect(counts.locations).toBeGreaterThan(200);
    expect(counts.proxyPool).toBe(500);
    const catalogue = await readCatalogue();
    await loadCatalogue(database.db, catalogue);
    await loadCatalogue(database.db, catalogue);
    expect(await tableCounts()).toEqual(counts);
    expect(await listPlans(database.db)).toEqual(plans);
  });

  it('stores the custom-plan day prices of SPEC.md §9 in cents, dip included', async () => {
    const rows = await database.db
      .select()
      .from(schema.customDayPrices)
      .where(eq(schema.customDayPrices.productType, 'PR_4'))
      .orderBy(schema.customDayPrices.days);
    expect(rows).toHaveLength(30);
    expect(rows[21]?.priceCents).toBe(7800);
    expect(rows[25]?.priceCents).toBe(9360);
  });

  it('keeps the operator’s maintenance switch and deactivates plans that left the files', async () => {
    await setMaintenance(database.db, true);
    const catalogue = await readCatalogue();
    const [dropped, ...kept] = catalogue.plans;
    await loadCatalogue(database.db, { ...catalogue, plans: kept });
    expect((await listMaintenance(database.db))[0]?.status).toBe(true);
    const ids = (await listPlans(database.db)).map((p) => p.name);
    expect(ids).not.toContain(dropped?.name);
    await loadCatalogue(database.db, catalogue);
    expect((await listPlans(database.db)).map((p) => p.name)).toContain(dropped?.name);
    await setMaintenance(database.db, false);
  });
});
