import { schema } from '@proxydesk/db';
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

/**
 * A reseller as the operator makes one: signed up by mail, made a reseller, with billing details. Answers the
 * session token and the user's id.
 */
export const signUpReseller = async (
  bed: { t: TestApp; smtp: SmtpCapture; api: ApiClient },
  username: string,
): Promise<{ token: string; userId: string }> => {
  const token = await signUp(bed.api, bed.smtp, { username, email: `${username}@example.com` });
  const [user] = await bed.t.database.db
    .update(schema.users)
    .set({ role: 'reseller' })
    .where(eq(schema.users.username, username))
    .returning({ id: schema.users.id });
  expect((await bed.api.post('/v1/billing/create', TEST_BILLING, { token })).status).toBe(200);
  return { token, userId: user!.id };
};
