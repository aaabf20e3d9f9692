import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { RESTORE_ADVICE, StartupError } from './data-dir-lock.js';

interface TableRow extends Record<string, unknown> {
  name: string;
  ascending: string | null;
  descending: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The database's own words for a failed query (drizzle wraps them in "Failed query: …"). */
const reasonOf = (error: unknown): string => {
  const cause = (error as { cause?: unknown }).cause;
  return (cause instanceof Error ? cause : (error as Error)).message.replace(/\s+/g, ' ').trim();
};

/** How many tables of its own the database holds (0: a new, empty database). */
export const countTables = async (db: Database['db']): Promise<number> =>
  rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    ),
  )[0]?.n ?? 0;

/**
 * Reads a little of every table so that a start never reports healthy over one it cannot read: the first
 * heap page (an overwritten or missing file), and the rows at both ends of the primary key through its index
 * (a truncated file: the index still points into pages that are gone). A few queries a table, whatever its size.
 * `place` names the database in the message ("DATA_DIR ./.data", "DATABASE_URL").
 */
export const checkTables = async ({ db, kind }: Database, place: string): Promise<void> => {
  const tables = rowsOf<TableRow>(
    await db.execute(sql`
      select c.oid::regclass::text as name,
        string_agg(quote_ident(a.attname), ', ' order by k.n) as ascending,
        string_agg(quote_ident(a.attname) || ' desc', ', ' order by k.n) as descending
      from pg_class c
      join pg_namespace s on s.oid = c.relnamespace
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      left join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
      left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where c.relkind = 'r' and s.nspname not in ('pg_catalog', 'information_schema')
        and s.nspname not like 'pg\\_%'
      group by c.oid
      order by 1`),
  );
  let current = '';
  try {
    await db.transaction(async (tx) => {
      for (const { name } of tables) {
        current = name;
        await tx.execute(sql.raw(`select 1 from only ${name} limit 1`));
      }
      // Index scans only, so that these probes read the heap through the primary key.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      for (const { name, ascending, descending } of tables) {
        if (!ascending || !descending) continue;
        current = name;
        await tx.execute(sql.raw(`select ctid from only ${name} order by ${ascending} limit 1`));
        await tx.execute(sql.raw(`select ctid from only ${name} order by ${descending} limit 1`));
      }
    });
  } catch (error) {
    const advice =
      kind === 'pglite' ? RESTORE_ADVICE : 'restore the last backup (README: Backup and restore)';
    throw new StartupError(`Table ${current} in ${place} cannot be read (${reasonOf(error)}): ${advice}.`);
  }
};
