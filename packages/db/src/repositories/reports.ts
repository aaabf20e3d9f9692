import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * The accountant's reports (issue #30 item 9, ADR 015). Sums come from the day roll-up (`revenue_days`); the
 * documents of a period from the invoices and credit notes themselves. Days are UTC, `from` included, `until` not.
 */
export interface ReportPeriod {
  /** `YYYY-MM-DD`, included. */
  from: string;
  /** `YYYY-MM-DD`, excluded. */
  until: string;
}

export interface ReportSums {
  invoices: number;
  creditNotes: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Raw sums as either driver answers them (numeric and bigint may come as strings), as numbers. */
const sumsOf = (row: Record<string, unknown> | undefined): ReportSums => ({
  invoices: Number(row?.invoices ?? 0),
  creditNotes: Number(row?.credit_notes ?? 0),
  netCents: Number(row?.net_cents ?? 0),
  vatCents: Number(row?.vat_cents ?? 0),
  totalCents: Number(row?.total_cents ?? 0),
});

const SUMS = sql.raw(
  `sum(invoices) as invoices, sum(credit_notes) as credit_notes, sum(net_cents) as net_cents,
   sum(vat_cents) as vat_cents, sum(total_cents) as total_cents`,
);

/** Money that came in: a purchase paid from a reseller's balance was counted when the balance was topped up. */
const MONEY_IN = sql.raw(`method <> 'balance'`);

const inPeriod = ({ from, until }: ReportPeriod): SQL => sql`day >= ${from}::date and day < ${until}::date`;

/** Revenue per calendar month (`YYYY-MM`) and product or payment method: invoices minus credit notes. */
export const revenueByMonth = async (db: Db, period: ReportPeriod, by: 'product' | 'method') => {
  const key = sql.raw(by);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select to_char(day, 'YYYY-MM') as month, ${key} as key, ${SUMS} from revenue_days
          where ${inPeriod(period)} and ${MONEY_IN} group by 1, 2 order by 1, 2`,
    ),
  );
  return rows.map((row) => ({ month: String(row.month), key: String(row.key), ...sumsOf(row) }));
};

/** VAT by buyer country and rate in a period (an EU OSS return's lines): credit notes subtract. */
export const vatByCountry = async (db: Db, period: ReportPeriod) => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select country, vat_rate::float8 as vat_rate, ${SUMS} from revenue_days
          where ${inPeriod(period)} and ${MONEY_IN} group by 1, 2 order by 1, 2`,
    ),
  );
  return rows.map((row) => ({ country: String(row.country), vatRate: Number(row.vat_rate), ...sumsOf(row) }));
};

/** Every document of a period summed, and the part paid from a reseller's balance. */
export const periodTotals = async (db: Db, period: ReportPeriod) => {
  const [all] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${SUMS} from revenue_days where ${inPeriod(period)}`),
  );
  const [balance] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${SUMS} from revenue_days where ${inPeriod(period)} and method = 'balance'`),
  );
  return { all: sumsOf(all), fromBalance: sumsOf(balance) };
};

export interface ReportDocument {
  kind: 'invoice' | 'credit_note';
  id: string;
  number: string;
  at: Date;
  /** Where the next batch starts (the timestamp as the database wrote it, to the microsecond). */
  cursor: string;
  customerId: string;
  username: string;
  buyerCountry: string | null;
  product: string;
  method: string;
  /** What it credits (a credit note), else null. */
  invoiceNumber: string | null;
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

/** A document's row as either driver answers it (sums may come as strings, times as text or dates). */
interface DocumentRow {
  kind: string;
  id: string;
  number: string;
  at: string | Date;
  cursor: string;
  user_id: string;
  username: string;
  buyer_country: string | null;
  proxy_type: string;
  payment_method: string;
  invoice_number: string | null;
  net_cents: number | string;
  vat_rate: number | string;
  vat_cents: number | string;
  total_cents: number | string;
}

/** After this document in the period's order (date, then id). */
export interface DocumentCursor {
  at: string;
  id: string;
}

/** Rows of `table` whose `at` column comes after the cursor (date, then id). */
const after = (table: string, at: string, cursor: DocumentCursor | undefined): SQL => {
  if (!cursor) return sql``;
  const [when, id] = [sql.raw(`${table}.${at}`), sql.raw(`${table}.id`)];
  return sql`and ${when} >= ${cursor.at}::timestamptz and (${when} > ${cursor.at}::timestamptz or ${id} > ${cursor.id}::uuid)`;
};

/** A UTC day's first instant. */
const dayStart = (day: string): SQL => sql`${`${day}T00:00:00Z`}::timestamptz`;

/**
 * The invoices (paid, so numbered) and credit notes of a period in date order, `limit` of them after `skip` (a
 * page) or after `cursor` (the CSV's batches). Credit notes' sums are below zero: they subtract.
 */
export const documentsOfPeriod = async (
  db: Db,
  { from, until }: ReportPeriod,
  { limit, skip = 0, cursor }: { limit: number; skip?: number; cursor?: DocumentCursor },
): Promise<ReportDocument[]> => {
  const side = limit + skip;
  const rows = rowsOf<DocumentRow>(
    await db.execute(sql`
      select d.*, d.at::text as cursor, u.username from (
        (select 'invoice' as kind, paid.id, paid.number, paid.paid_at as at, paid.user_id, paid.buyer_country,
                paid.proxy_type, paid.payment_method, null::text as invoice_number,
                coalesce(paid.net_cents, paid.price_cents) as net_cents, coalesce(paid.vat_rate, 0)::float8 as vat_rate,
                coalesce(paid.vat_cents, 0) as vat_cents, paid.price_cents as total_cents
         from invoices paid
         where paid.paid and paid.number is not null
           and paid.paid_at >= ${dayStart(from)} and paid.paid_at < ${dayStart(until)}
           ${after('paid', 'paid_at', cursor)}
         order by paid.paid_at, paid.id limit ${side})
        union all
        (select 'credit_note', cn.id, cn.number, cn.created_at, cn.user_id, cn.buyer_country,
                i.proxy_type, i.payment_method, i.number,
                -cn.net_cents, cn.vat_rate::float8, -cn.vat_cents, -cn.total_cents
         from credit_notes cn join invoices i on i.id = cn.invoice_id
         where cn.created_at >= ${dayStart(from)} and cn.created_at < ${dayStart(until)}
           ${after('cn', 'created_at', cursor)}
         order by cn.created_at, cn.id limit ${side})
        order by at, id limit ${limit} offset ${skip}
      ) d join users u on u.id = d.user_id
      order by d.at, d.id`),
  );
  return rows.map((row) => ({
    kind: row.kind === 'invoice' ? 'invoice' : 'credit_note',
    id: row.id,
    number: row.number,
    at: new Date(row.at),
    cursor: row.cursor,
    customerId: row.user_id,
    username: row.username,
    buyerCountry: row.buyer_country,
    product: row.proxy_type,
    method: row.payment_method,
    invoiceNumber: row.invoice_number,
    netCents: Number(row.net_cents),
    vatRate: Number(row.vat_rate),
    vatCents: Number(row.vat_cents),
    totalCents: Number(row.total_cents),
  }));
};
