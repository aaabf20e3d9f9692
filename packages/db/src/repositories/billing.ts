import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { billingDetails } from '../schema/index.js';

export type BillingDetails = typeof billingDetails.$inferSelect;
export type BillingInput = Omit<typeof billingDetails.$inferInsert, 'userId' | 'updatedAt'>;

export const findBilling = async (db: Db, userId: string): Promise<BillingDetails | undefined> =>
  (await db.select().from(billingDetails).where(eq(billingDetails.userId, userId)))[0];

/** One set of billing details per customer: saving replaces it. */
export const saveBilling = async (db: Db, userId: string, details: BillingInput): Promise<BillingDetails> => {
  const values = { ...details, userId, updatedAt: new Date() };
  const [row] = await db
    .insert(billingDetails)
    .values(values)
    .onConflictDoUpdate({ target: billingDetails.userId, set: values })
    .returning();
  if (!row) throw new Error('billing details were not saved');
  return row;
};
