import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';

/** The row of the user named `username` (spelled as stored), read from the database: undefined when there is none. */
export const userNamed = async (db: Db, username: string) =>
  (await db.select().from(schema.users).where(eq(schema.users.username, username)))[0];
