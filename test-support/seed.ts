import { insertUser, schema, type Db } from '@proxydesk/db';

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
