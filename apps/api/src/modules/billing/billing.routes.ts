import {
  billingDetailsEndpoints,
  billingEndpoints,
  normalVatNumber,
  type Billing,
  type BillingDetailsAnswer,
} from '@proxydesk/contract';
import {
  billingDetailsOf,
  saveBilling,
  type BillingDetails,
  type BillingInput,
  type Db,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import type { Vies } from './vies.js';

export const toBilling = (row: BillingDetails): Billing => ({
  first_name: row.firstName,
  last_name: row.lastName,
  address: row.address,
  city: row.city,
  zip: row.zip,
  country: row.country,
  ip: row.ip,
  company: row.company,
  vat_number: row.vatNumber,
});

export const toBillingDetails = (row: BillingDetails): BillingDetailsAnswer => ({
  ...toBilling(row),
  updated: row.updatedAt.toISOString(),
  vat_check: row.vatCheck,
});

/**
 * Billing details as Settings and the console send them (issue #30 item 5): the VAT number kept in its
 * country's form (`DE123456789`), company and VAT number null when left empty.
 */
export const billingInputOf = (body: {
  first_name: string;
  last_name: string;
  company?: string | null | undefined;
  vat_number?: string | null | undefined;
  address: string;
  city: string;
  zip: string;
  country: string;
}): BillingInput => ({
  firstName: body.first_name,
  lastName: body.last_name,
  company: body.company || null,
  vatNumber: body.vat_number ? (normalVatNumber(body.country, body.vat_number) ?? body.vat_number) : null,
  address: body.address,
  city: body.city,
  zip: body.zip,
  country: body.country,
});

/**
 * SPEC.md §7 `/v1/billing/*`: read answers 404 while there are none, which the checkout takes as "ask first".
 * `/v1/user/billing-details` (issue #30 item 5) is Settings' card: the same row, with company and VAT number
 * (checked at VIES when `VIES_URL` is set, item 4).
 */
export const billingRoutes = (app: FastifyInstance, db: Db, vies: Vies): void => {
  route(app, billingEndpoints.read, async ({ account }) => {
    const row = await billingDetailsOf(db, account.user.id);
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

  route(app, billingDetailsEndpoints.read, async ({ account }) => {
    const row = await billingDetailsOf(db, account.user.id);
    return { payload: row ? toBillingDetails(row) : null };
  });
  route(app, billingDetailsEndpoints.save, async ({ account, body, request }) => {
    const details = billingInputOf(body);
    const row = await saveBilling(db, account.user.id, {
      ...details,
      ...(await vies.vatCheckOf(details)),
      ip: request.ip,
    });
    return {
      detail: 'Billing details saved: invoices issued from now on use them',
      payload: toBillingDetails(row),
    };
  });
};
