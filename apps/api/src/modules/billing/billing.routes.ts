import { billingEndpoints, type Billing } from '@proxydesk/contract';
import { findBilling, saveBilling, type BillingDetails, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';

export const toBilling = (row: BillingDetails): Billing => ({
  first_name: row.firstName,
  last_name: row.lastName,
  address: row.address,
  city: row.city,
  zip: row.zip,
  country: row.country,
  ip: row.ip,
});

/** SPEC.md §7 `/v1/billing/*`: read answers 404 while there are none, which the checkout takes as "ask first". */
export const billingRoutes = (app: FastifyInstance, db: Db): void => {
  route(app, billingEndpoints.read, async ({ account }) => {
    const row = await findBilling(db, account.user.id);
    if (!row) throw new HttpError(404, 'No billing details yet');
    return { payload: toBilling(row) };
  });
  route(app, billingEndpoints.create, async ({ account, body, request }) => {
    // The address the server sees is what is kept, whatever the browser's lookup said (DESIGN.md §3).
    const row = await saveBilling(db, account.user.id, {
      firstName: body.first_name,
      lastName: body.last_name,
      address: body.address,
      city: body.city,
      zip: body.zip,
      country: body.country,
      ip: request.ip,
    });
    return { detail: 'Billing details saved', payload: toBilling(row) };
  });
};
