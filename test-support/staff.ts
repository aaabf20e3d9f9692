import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { signInWithCode, signUp, type ApiClient } from './accounts.js';
import { useMailedApp } from './app.js';
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

/**
 * The set-up of a console test file: the mailed app (useMailedApp), olga the operator and sue from support
 * signed in with the mailed code, and `customers` signed up, before the file's own `beforeAll`; `tokens` has
 * each one's session by name.
 */
export const useConsoleApp = (customers: string[]) => {
  const tokens: Record<string, string> = {};
  const bed = Object.assign(useMailedApp(), { tokens });
  beforeAll(async () => {
    const db = bed.t.database.db;
    bed.tokens.olga = await signInAsStaff(bed.api, bed.smtp, db, { username: 'olga', role: 'operator' });
    bed.tokens.sue = await signInAsStaff(bed.api, bed.smtp, db, { username: 'sue', role: 'support' });
    for (const name of customers)
      bed.tokens[name] = await signUp(bed.api, bed.smtp, { username: name, email: `${name}@example.com` });
  });
  return bed;
};
