import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/** A round trip to the database, for readiness checks. */
export const pingDatabase = async (db: Db): Promise<void> => {
  await db.execute(sql`select 1`);
};
