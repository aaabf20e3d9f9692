import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  listMaintenance,
  listPlans,
  loadCatalogue,
  migrate,
  readCatalogue,
  schema,
  setMaintenance,
} from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';

const bed = useTestDatabase();

const tableCounts = async () => {
  const { db } = bed.database;
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
      const result: unknown = await bed.database.db.execute(
        sql`select hash from drizzle.__drizzle_migrations order by id`,
      );
      return (result as { rows: unknown[] }).rows;
    };
    const before = await applied();
    expect(before.length).toBeGreaterThan(0);
    await migrate(bed.database);
    await migrate(bed.database);
    expect(await applied()).toEqual(before);
  });

  it('loads the catalogue idempotently: same rows and same plan ids after loading twice more', async () => {
    const counts = await tableCounts();
    const plans = await listPlans(bed.database.db);
    expect(counts.plans).toBeGreaterThan(10);
    expect(counts.locations).toBeGreaterThan(200);
    // 192.0.2.1–250 (datacenter) and 2001:db8:5::100/120 (IPv6): the demo pool's documentation addresses.
    expect(counts.proxyPool).toBe(250 + 256);
    const catalogue = await readCatalogue();
    await loadCatalogue(bed.database.db, catalogue);
    await loadCatalogue(bed.database.db, catalogue);
    expect(await tableCounts()).toEqual(counts);
    expect(await listPlans(bed.database.db)).toEqual(plans);
  });

  it('stores the custom-plan day prices of SPEC.md §9 in cents, dip included', async () => {
    const rows = await bed.database.db
      .select()
      .from(schema.customDayPrices)
      .where(eq(schema.customDayPrices.productType, 'PR_4'))
      .orderBy(schema.customDayPrices.days);
    expect(rows).toHaveLength(30);
    expect(rows[21]?.priceCents).toBe(7800);
    expect(rows[25]?.priceCents).toBe(9360);
  });

  it('never overwrites a row already in the database, and adds what is new in the files', async () => {
    const { db } = bed.database;
    await setMaintenance(db, true);
    const catalogue = await readCatalogue();
    const [first] = catalogue.plans;
    // The operator changed a price, a day price, a method's switch, an FAQ and a location; retired a plan.
    await db
      .update(schema.plans)
      .set({ priceCents: 123, name: 'Edited' })
      .where(eq(schema.plans.slug, first!.slug));
    await db
      .update(schema.customDayPrices)
      .set({ priceCents: 1 })
      .where(and(eq(schema.customDayPrices.productType, 'PR_4'), eq(schema.customDayPrices.days, 1)));
    await db
      .update(schema.paymentMethods)
      .set({ isActive: false })
      .where(eq(schema.paymentMethods.code, 'paddle'));
    await db.update(schema.locations).set({ isActive: false }).where(eq(schema.locations.code, 'de'));
    await db.delete(schema.faqs).where(eq(schema.faqs.slug, catalogue.faqs[0]!.slug));
    const planCount = (await tableCounts()).plans;

    const added = { ...first!, slug: 'brand-new-plan', name: 'Brand new' };
    await loadCatalogue(db, { ...catalogue, plans: [...catalogue.plans, added] });

    const [edited] = await db.select().from(schema.plans).where(eq(schema.plans.slug, first!.slug));
    expect(edited).toMatchObject({ priceCents: 123, name: 'Edited' });
    const [day] = await db
      .select()
      .from(schema.customDayPrices)
      .where(and(eq(schema.customDayPrices.productType, 'PR_4'), eq(schema.customDayPrices.days, 1)));
    expect(day?.priceCents).toBe(1);
    const [paddle] = await db
      .select()
      .from(schema.paymentMethods)
      .where(eq(schema.paymentMethods.code, 'paddle'));
    expect(paddle?.isActive).toBe(false);
    const [de] = await db.select().from(schema.locations).where(eq(schema.locations.code, 'de'));
    expect(de?.isActive).toBe(false);
    expect((await listMaintenance(db))[0]?.status).toBe(true);
    // A row the operator deleted is a code the files still have: it comes back, as a new code would.
    expect((await tableCounts()).faqs).toBe(catalogue.faqs.length);
    expect((await tableCounts()).plans).toBe((planCount ?? 0) + 1);
    expect((await listPlans(db)).map((p) => p.name)).toContain('Brand new');
    await setMaintenance(db, false);
  });

  it('gives a plan the files renamed its new name, unless the operator named it otherwise', async () => {
    const { db } = bed.database;
    const catalogue = await readCatalogue();
    const renamed = catalogue.plans.find((p) => p.formerNames.length > 0)!;
    const other = catalogue.plans.find((p) => p.slug !== renamed.slug && p.formerNames.length === 0)!;
    const nameOf = async (slug: string) =>
      (await db.select().from(schema.plans).where(eq(schema.plans.slug, slug)))[0]?.name;
    // A shop seeded before the rename, and one whose operator chose a name of their own.
    await db
      .update(schema.plans)
      .set({ name: renamed.formerNames[0]! })
      .where(eq(schema.plans.slug, renamed.slug));
    await loadCatalogue(db, catalogue);
    expect(await nameOf(renamed.slug)).toBe(renamed.name);

    // The operator's name stays, even when another plan of the files was once called that.
    await db.update(schema.plans).set({ name: 'Day pass' }).where(eq(schema.plans.slug, renamed.slug));
    await loadCatalogue(db, {
      ...catalogue,
      plans: [...catalogue.plans, { ...other, formerNames: ['Day pass'] }],
    });
    expect(await nameOf(renamed.slug)).toBe('Day pass');
  });

  it('seeds the demo pool into an empty pool only, never beside the addresses an operator has', async () => {
    const { db } = bed.database;
    const catalogue = await readCatalogue();
    const poolOf = async (productType: string) =>
      (await db.select().from(schema.proxyPool).where(eq(schema.proxyPool.productType, productType))).map(
        (row) => row.address,
      );
    const before = await poolOf('PR_4');
    expect(before).toContain('192.0.2.1');
    // A later file with more demo addresses adds none to a pool that has addresses.
    const more = {
      ...catalogue.proxyPool,
      PR_4: [...catalogue.proxyPool.PR_4, '198.51.100.1-198.51.100.5:31200'],
    };
    await loadCatalogue(db, { ...catalogue, proxyPool: more });
    expect(await poolOf('PR_4')).toEqual(before);
    // An empty pool (a shop that never had one) is seeded.
    await db.delete(schema.proxyPool).where(eq(schema.proxyPool.productType, 'PR_5'));
    await loadCatalogue(db, catalogue);
    expect(await poolOf('PR_5')).toHaveLength(256);
  });
});
