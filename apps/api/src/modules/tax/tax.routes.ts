import { adminTaxEndpoints, taxEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from '../admin/actor.js';
import type { TaxService } from './tax.service.js';

/** The checkout's tax quote, and the console's VAT rate table (staff read it, operators change it, audited). */
export const taxRoutes = (app: FastifyInstance, tax: TaxService): void => {
  route(app, taxEndpoints.quote, async ({ account, query }) => ({
    payload: await tax.quote(account.user.id, query.amount),
  }));
  route(app, adminTaxEndpoints.rates, async () => ({ payload: await tax.rates() }));
  route(app, adminTaxEndpoints.setRate, async ({ params, body, account, request }) => {
    await tax.setRate(actorOf(account, request), params.id, body.rate, body.reason);
    return { detail: 'VAT rate saved: invoices made from now on use it' };
  });
};
