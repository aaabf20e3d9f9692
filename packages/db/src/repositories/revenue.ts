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

const added = (column: AnyPgColumn) =>
  sql`${column} + excluded.${sql.identifier(column.name)}`;

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
