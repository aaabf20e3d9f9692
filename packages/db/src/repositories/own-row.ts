import { and, count, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { onePage } from './paging.js';

/** A table whose rows belong to a customer (`userId`), each with its own `id`. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The row `id` of a customer's table, if it is that customer's own: another customer's is simply not found. */
export const ownRow = (table: { id: PgColumn; userId: PgColumn }, userId: string, id: string) =>
  and(eq(table.id, id), eq(table.userId, userId));

/** A customer's own row (an invoice, a plan); another customer's, or a malformed id, is simply not found. */
export const findOwnRow = async <T extends OwnedTable>(
  db: Db,
  table: T,
  userId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> => {
  if (!isUuid(id)) return undefined;
  // As any table: drizzle cannot tell the rows of a table it does not know yet (T's are the caller's).
  const anyTable: PgTable = table;
  const [row] = await db
    .select()
    .from(anyTable)
    .where(ownRow(table, userId, id));
  return row;
};

/** A customer's own rows (invoices, ledger lines), newest first, `pageSize` a page, with how many there are. */
export const ownRowsPage = <T extends OwnedTable & { createdAt: PgColumn }>(
  db: Db,
  table: T,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: T['$inferSelect'][]; count: number }> => {
  const anyTable: PgTable = table;
  const own = eq(table.userId, userId);
  return onePage(
    db.select().from(anyTable).where(own).orderBy(desc(table.createdAt), desc(table.id)),
    db.select({ n: count() }).from(anyTable).where(own),
    page,
    pageSize,
  );
};
