import { catalogueEndpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { CatalogueService } from './catalogue.service.js';

/** The public catalogue and content reads of SPEC.md §7. */
export const catalogueRoutes = (
  app: FastifyInstance,
  catalogue: CatalogueService,
  /** Is this payment method usable here (its provider configured)? Only those are listed. */
  isPaymentMethodUsable: (code: string) => boolean,
): void => {
  route(app, catalogueEndpoints.plans, async () => ({ payload: await catalogue.plans() }));
  route(app, catalogueEndpoints.customDayPrices, async () => ({
    payload: await catalogue.customDayPrices(),
  }));
  route(app, catalogueEndpoints.paymentMethods, async () => ({
    payload: (await catalogue.paymentMethods()).filter((method) => isPaymentMethodUsable(method.code)),
  }));
  route(app, catalogueEndpoints.faqs, async () => ({ payload: await catalogue.faqs() }));
  route(app, catalogueEndpoints.announcements, async () => ({ payload: await catalogue.announcements() }));
  route(app, catalogueEndpoints.socialMedia, async () => ({ payload: await catalogue.socialMedia() }));
  route(app, catalogueEndpoints.maintenance, async () => ({ payload: await catalogue.maintenance() }));
};
