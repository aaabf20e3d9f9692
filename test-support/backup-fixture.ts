// Shared by the backup tests of each database: a shop with a customer, and what a backup must keep.
import { enterOperatorBalanceAlone, insertInvoice, insertUser, type Database } from '@proxydesk/db';
import { sql } from 'drizzle-orm';

/** A customer with an invoice and a balance entry. */
export const fill = async (database: Database) => {
  const user = await insertUser(database.db, {
    username: 'dora',
    email: 'dora@example.com',
    passwordHash: null,
    emailVerified: true,
    referralCode: 'ref-dora',
    proxyUsername: 'proxy-dora',
    proxyPassword: 'secret-dora',
  });
  await insertInvoice(database.db, {
    userId: user.id,
    kind: 'balance',
    planName: 'Balance top-up',
    listPriceCents: 4200,
    priceCents: 4200,
    proxyType: 'BALANCE',
    paymentMethod: 'sandbox',
  });
  await enterOperatorBalanceAlone(database.db, user.id, 4200, 'opening balance');
};

/** Every table of the shop with its row count, and the rows that matter. */
export const contentsOf = async ({ db }: Database) => {
  const rows = async <T>(query: string) => {
    const result: unknown = await db.execute(sql.raw(query));
    return (result as { rows: T[] }).rows;
  };
  const counts: Record<string, number> = {};
  for (const { name } of await rows<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  ))
    counts[name] = (await rows<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n;
  return {
    counts,
    users: await rows('select id, username, proxy_password from users order by id'),
    invoices: await rows('select id, price_cents from invoices order by id'),
    ledger: await rows('select user_id, amount_cents::int as cents, reason from balance_ledger order by id'),
  };
};
