import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { signUp, type ApiClient } from './accounts.js';
import type { TestApp } from './app.js';
import { TEST_BILLING } from './resellers.js';
import { pressPay } from './sandbox.js';
import type { SmtpCapture } from './smtp.js';
import { userNamed } from './users.js';

/** What buying in a test needs: the app and a client of it. */
export interface Shop {
  t: TestApp;
  api: ApiClient;
}

/**
 * A customer as the shop makes one: signed up by mail (as `username@example.com`), with billing details in
 * `country`. Answers the session token and the user's row.
 */
export const signUpCustomer = async (
  shop: Shop & { smtp: SmtpCapture },
  username: string,
  country: string,
) => {
  const token = await signUp(shop.api, shop.smtp, { username, email: `${username}@example.com` });
  await shop.api.post('/v1/billing/create', { ...TEST_BILLING, country }, { token });
  const user = await userNamed(shop.t.database.db, username);
  return { token, user: user! };
};

/**
 * Creates an invoice at `path` (a plan's, by default) to pay with the sandbox and presses Pay on its hosted page,
 * as a customer does. Answers the invoice's id.
 */
export const buyWithSandbox = async (
  shop: Shop,
  token: string,
  body: Record<string, unknown>,
  path = '/v1/invoice/create',
) => {
  const created = await shop.api.post(path, { payment_method: 'sandbox', ...body }, { token });
  await pressPay(shop.t.app, created.body.payload.hosted_url as string);
  return created.body.payload.invoice_id as string;
};

/** The customer plans an invoice bought (one, or none while it is unpaid): their rows. */
export const plansBoughtBy = (db: Db, invoiceId: string) =>
  db.select().from(schema.customerPlans).where(eq(schema.customerPlans.invoiceId, invoiceId));

/** The customer plan an invoice bought: its row. */
export const planBoughtBy = async (db: Db, invoiceId: string) => (await plansBoughtBy(db, invoiceId))[0]!;
