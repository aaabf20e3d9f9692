import { addToRevenue, insertUser, lockFreeAddresses, schema, type Db } from '@proxydesk/db';

/** A confirmed customer named `name`, with no password, written straight to the database. */
export const seedUser = (db: Db, name: string) =>
  insertUser(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: null,
    emailVerified: true,
    referralCode: name.toUpperCase().padEnd(8, 'X'),
    proxyUsername: `u_${name}`,
    proxyPassword: 'secret',
  });

/** A paid €1 sandbox invoice for a plan of `product`, written straight to the database. */
export const seedPaidInvoice = async (db: Db, userId: string, product: string, planName: string) => {
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      userId,
      kind: 'plan',
      planName,
      listPriceCents: 100,
      priceCents: 100,
      proxyType: product,
      paymentMethod: 'sandbox',
      paid: true,
    })
    .returning();
  return invoice!;
};

/**
 * A running datacenter or IPv6 plan of `addresses` free pool addresses (the lowest first) with `whitelist`
 * whitelisted, written straight to the database for an existing customer. Answers the plan's row.
 */
export const seedIpPlan = async (
  db: Db,
  userId: string,
  plan: { product: 'PR_4' | 'PR_5'; addresses: number; whitelist?: string; status?: 'active' | 'pending' },
) => {
  const invoice = await seedPaidInvoice(db, userId, plan.product, 'Seeded IP plan');
  const status = plan.status ?? 'active';
  const now = Date.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(schema.customerPlans)
      .values({
        userId,
        invoiceId: invoice.id,
        productType: plan.product,
        planName: `${plan.addresses} addresses`,
        status,
        ipAmount: plan.addresses,
        durationHours: 720,
        activatedAt: status === 'active' ? new Date(now) : null,
        expiresAt: status === 'active' ? new Date(now + 720 * 3_600_000) : null,
      })
      .returning();
    if (status === 'active') {
      const free = await lockFreeAddresses(tx, plan.product, plan.addresses);
      if (free.length < plan.addresses) throw new Error('the test pool has too few free addresses');
      await tx
        .insert(schema.poolAssignments)
        .values(free.map((p) => ({ poolId: p.id, customerPlanId: row!.id })));
      await tx
        .insert(schema.whitelistedIps)
        .values({ customerPlanId: row!.id, ip: plan.whitelist ?? '127.0.0.1' });
    }
    return row!;
  });
};
/** An invoice issued on `paidAt` as a given tax rule would issue it, and its place in the reports' roll-up. */
export interface IssuedFixture {
  userId: string;
  number: string;
  product: string;
  method: string;
  country: string;
  vatRate: number;
  netCents: number;
  vatCents: number;
  paidAt: Date;
}

/**
 * Writes a paid, numbered invoice with its VAT (which `TAX_MODE=none` never charges) and adds it to the reports'
 * roll-up in one transaction, as `issueInvoice` does: fixtures with two VAT rates for the reports (issue #30 item 9).
 */
export const seedIssuedInvoice = (db: Db, f: IssuedFixture) =>
  db.transaction(async (tx) => {
    const totalCents = f.netCents + f.vatCents;
    const [invoice] = await tx
      .insert(schema.invoices)
      .values({
        userId: f.userId,
        kind: 'plan',
        planName: `${f.product} plan`,
        listPriceCents: totalCents,
        priceCents: totalCents,
        proxyType: f.product,
        paymentMethod: f.method,
        paid: true,
        paidAt: f.paidAt,
        number: f.number,
        netCents: f.netCents,
        vatRate: f.vatRate,
        vatCents: f.vatCents,
        buyerCountry: f.country,
        createdAt: f.paidAt,
      })
      .returning();
    await addToRevenue(tx, {
      kind: 'invoice',
      at: f.paidAt,
      product: f.product,
      method: f.method,
      country: f.country,
      vatRate: f.vatRate,
      netCents: f.netCents,
      vatCents: f.vatCents,
      totalCents,
    });
    return invoice!;
  });
