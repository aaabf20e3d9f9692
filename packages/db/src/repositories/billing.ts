import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { billingDetails } from '../schema/index.js';

export type BillingDetails = typeof billingDetails.$inferSelect;
export type BillingInput = Omit<typeof billingDetails.$inferInsert, 'userId' | 'updatedAt'>;

/**
 * The buyer an invoice is issued to (issue #30 item 5): the customer's billing details as they are now, or
 * undefined while there are none. The one place every reader of a customer's billing details goes through: an
 * invoice issued after a correction carries the corrected details.
 */
export const billingDetailsOf = async (db: Db, userId: string): Promise<BillingDetails | undefined> =>
  (await db.select().from(billingDetails).where(eq(billingDetails.userId, userId)))[0];

/**
 * One set of billing details per customer: saving replaces it. A field left undefined (the checkout's form has
 * no company or VAT number) keeps what was saved before.
 */
export const saveBilling = async (db: Db, userId: string, details: BillingInput): Promise<BillingDetails> => {
  const given = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
  const values = { ...details, userId, updatedAt: new Date() };
  const [row] = await db
    .insert(billingDetails)
    .values(values)
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...given, updatedAt: values.updatedAt } })
    .returning();
  if (!row) throw new Error('billing details were not saved');
  return row;
};
