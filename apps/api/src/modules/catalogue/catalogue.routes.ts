import { catalogueEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { CatalogueService } from './catalogue.service.js';

/** How long a price read may be reused: an operator's new price is seen within a minute. */
export const PRICES_CACHE = 'public, max-age=60';

/** The public catalogue and content reads of SPEC.md §7. */
export const catalogueRoutes = (
  app: FastifyInstance,
  catalogue: CatalogueService,
  /** Is this payment method usable here (its provider configured)? Only those are listed. */
  isPaymentMethodUsable: (code: string) => boolean,
): void => {
  // The price list is public (issue #33: /pricing for visitors): browsers and shared caches may keep it a minute.
  route(app, catalogueEndpoints.plans, async ({ reply }) => {
    reply.header('cache-control', PRICES_CACHE);
    return { payload: await catalogue.plans() };
  });
  route(app, catalogueEndpoints.customDayPrices, async ({ reply }) => {
    reply.header('cache-control', PRICES_CACHE);
    return { payload: await catalogue.customDayPrices() };
  });
  route(app, catalogueEndpoints.paymentMethods, async () => ({
    payload: (await catalogue.paymentMethods()).filter((method) => isPaymentMethodUsable(method.code)),
  }));
  route(app, catalogueEndpoints.faqs, async () => ({ payload: await catalogue.faqs() }));
  route(app, catalogueEndpoints.announcements, async () => ({ payload: await catalogue.announcements() }));
  route(app, catalogueEndpoints.socialMedia, async () => ({ payload: await catalogue.socialMedia() }));
  route(app, catalogueEndpoints.maintenance, async () => ({ payload: await catalogue.maintenance() }));
};
