import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** When the row last changed: set on insert, and by the code (or trigger) that changes it. */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** Ids are uuids: anything else cannot be one, and must not reach a uuid column (PostgreSQL would refuse the query). */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
