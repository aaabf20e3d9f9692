import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isUuid } from '../schema/columns.js';
import { users } from '../schema/index.js';

/**
 * A console list's customer filter: `column` (a user id) is the customer named by id or exact username (case
 * aside); nothing when the filter is empty. The one place of the rule, for the invoices and the webhook deliveries.
 */
export const customerIs = (column: AnyColumn, customer: string | undefined): SQL | undefined => {
  const named = customer?.trim();
  if (!named) return undefined;
  if (isUuid(named)) return eq(column, named);
  return eq(
    column,
    sql`(select ${users.id} from ${users} where lower(${users.username}) = ${named.toLowerCase()})`,
  );
};
