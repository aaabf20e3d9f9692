import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { revenueDays } from '../schema/index.js';

/** What one issued document adds to the roll-up: an invoice adds its sums, a credit note takes them away. */
export interface RevenueEntry {
  kind: 'invoice' | 'credit_note';
  at: Date;
  product: string;
  method: string;
  country: string | null;
  vatRate: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

const added = (column: AnyPgColumn) => sql`${column} + excluded.${sql.identifier(column.name)}`;

/**
 * Adds an issued document to the reports' day roll-up (issue #30 item 9, ADR 015), inside the transaction that
 * issues it, so the roll-up never disagrees with the documents. Taken before the document's number: the number's
 * counter is held last, as ADR 015 says.
 */
export const addToRevenue = async (tx: Db, entry: RevenueEntry): Promise<void> => {
  const sign = entry.kind === 'invoice' ? 1 : -1;
  await tx
    .insert(revenueDays)
    .values({
      day: entry.at.toISOString().slice(0, 10),
      product: entry.product,
      method: entry.method,
      country: entry.country ?? '',
      vatRate: entry.vatRate,
      invoices: sign === 1 ? 1 : 0,
      creditNotes: sign === 1 ? 0 : 1,
      netCents: sign * entry.netCents,
      vatCents: sign * entry.vatCents,
      totalCents: sign * entry.totalCents,
    })
    .onConflictDoUpdate({
      target: [
        revenueDays.day,
        revenueDays.product,
        revenueDays.method,
        revenueDays.country,
        revenueDays.vatRate,
      ],
      set: {
        invoices: added(revenueDays.invoices),
        creditNotes: added(revenueDays.creditNotes),
        netCents: added(revenueDays.netCents),
        vatCents: added(revenueDays.vatCents),
        totalCents: added(revenueDays.totalCents),
      },
    });
};

/**
 * Writes the roll-up again from the documents themselves (what migration 0022 did once): for a database filled
 * by other means than issuing (the console bench's million invoices), or to check the roll-up against them.
 */
export const rebuildRevenueRollUp = async (db: Db): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.delete(revenueDays);
    await tx.execute(sql`
      insert into revenue_days (day, product, method, country, vat_rate, invoices, credit_notes, net_cents, vat_cents, total_cents)
      select day, product, method, country, vat_rate, sum(n), sum(c), sum(net), sum(vat), sum(total) from (
        select (paid_at at time zone 'UTC')::date as day, proxy_type as product, payment_method as method,
               coalesce(buyer_country, '') as country, coalesce(vat_rate, 0) as vat_rate, 1 as n, 0 as c,
               coalesce(net_cents, price_cents) as net, coalesce(vat_cents, 0) as vat, price_cents as total
        from invoices where number is not null and paid_at is not null
        union all
        select (cn.created_at at time zone 'UTC')::date, i.proxy_type, i.payment_method, coalesce(cn.buyer_country, ''),
               cn.vat_rate, 0, 1, -cn.net_cents, -cn.vat_cents, -cn.total_cents
        from credit_notes cn join invoices i on i.id = cn.invoice_id
      ) d group by day, product, method, country, vat_rate`);
  });
};
