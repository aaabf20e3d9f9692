import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { vatRates } from '../schema/index.js';
import type { Actor } from './admin.js';
import { auditedChange } from './admin-audited.js';

/** The EU member states' standard VAT rates in percent, by ISO code (issue #30 item 4). */
export const readVatRates = async (db: Db): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await db.select().from(vatRates).orderBy(asc(vatRates.countryCode))).map((row) => [
      row.countryCode,
      row.ratePercent,
    ]),
  );

/** One member state's rate changed in the console, audited (`vat-rate.set`, before → after, reason). */
export const setVatRate = (db: Db, actor: Actor, countryCode: string, ratePercent: number, reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'vat-rate.set', targetType: 'vat-rate', targetId: countryCode, reason },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(vatRates)
        .where(eq(vatRates.countryCode, countryCode))
        .for('update');
      const [after] = await tx
        .insert(vatRates)
        .values({ countryCode, ratePercent })
        .onConflictDoUpdate({ target: vatRates.countryCode, set: { ratePercent } })
        .returning();
      return { before: before ?? null, after, result: after! };
    },
  );
