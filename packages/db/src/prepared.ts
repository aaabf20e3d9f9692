import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.js';

/**
 * A fixed statement of a hot read path, run straight on the driver (ADR 008): no query building per call, and on
 * PostgreSQL a named prepared statement, parsed and planned once per connection. `text` uses $1, $2, … and
 * answers rows under the names it gives its columns.
 */
export const preparedQuery =
  <Row, Values extends unknown[]>(name: string, text: string) =>
  async (db: Db, ...values: Values): Promise<Row[]> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool)
      return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
    if (client instanceof PGlite) return (await client.query<Row>(text, values)).rows;
    // A transaction's handle: the same statement through drizzle.
    const answer: unknown = await db.execute(withParams(text, values));
    return (answer as { rows: Row[] }).rows;
  };

const withParams = (text: string, values: unknown[]): SQL =>
  sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))),
    sql.raw(''),
  );
