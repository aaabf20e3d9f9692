import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signUp, type ApiClient } from './accounts.js';
import type { TestApp } from './app.js';
import type { SmtpCapture } from './smtp.js';

/** Billing details good enough for a checkout. */
export const TEST_BILLING = {
  first_name: 'A',
  last_name: 'B',
  address: 'C',
  city: 'D',
  zip: 'E',
  country: 'Ireland',
};

/** Makes the user named `username` a reseller, as the operator's CLI does: their id. */
export const makeReseller = async (db: Db, username: string) => {
  const [user] = await db
    .update(schema.users)
    .set({ role: 'reseller' })
    .where(eq(schema.users.username, username))
    .returning({ id: schema.users.id });
  return user!.id;
};

/**
 * A reseller as the operator makes one: signed up by mail, made a reseller, with billing details. Answers the
 * session token and the user's id.
 */
export const signUpReseller = async (
  bed: { t: TestApp; smtp: SmtpCapture; api: ApiClient },
  username: string,
): Promise<{ token: string; userId: string }> => {
  const token = await signUp(bed.api, bed.smtp, { username, email: `${username}@example.com` });
  const userId = await makeReseller(bed.t.database.db, username);
  expect((await bed.api.post('/v1/billing/create', TEST_BILLING, { token })).status).toBe(200);
  return { token, userId };
};
