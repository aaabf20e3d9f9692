import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { signInWithCode, signUp, type ApiClient } from './accounts.js';
import type { SmtpCapture } from './smtp.js';

type Role = NonNullable<(typeof schema.users.$inferInsert)['role']>;

/**
 * A staff member the console opens to: signed up by mail, given `role` with two-factor on, then signed in with
 * the mailed code (issue #28). The e-mail is `username@example.com` unless given. Answers the session token.
 */
export const signInAsStaff = async (
  api: ApiClient,
  smtp: SmtpCapture,
  db: Db,
  staff: { username: string; email?: string; role: Role },
): Promise<string> => {
  const account = { username: staff.username, email: staff.email ?? `${staff.username}@example.com` };
  await signUp(api, smtp, account);
  await db
    .update(schema.users)
    .set({ role: staff.role, is2fa: true })
    .where(eq(schema.users.username, staff.username));
  return signInWithCode(api, smtp, account);
};
