import { catalogueEndpoints } from '@proxydesk/contract';
import {
  listAnnouncements,
  listFaqs,
  listMaintenance,
  listPaymentMethods,
  listPlans,
  listSocialLinks,
  type Db,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';

/** The public catalogue and content reads of SPEC.md §7. */
export const catalogueRoutes = (app: FastifyInstance, db: Db): void => {
  route(app, catalogueEndpoints.plans, async () => ({ payload: await listPlans(db) }));
  route(app, catalogueEndpoints.paymentMethods, async () => ({ payload: await listPaymentMethods(db) }));
  route(app, catalogueEndpoints.faqs, async () => ({ payload: await listFaqs(db) }));
  route(app, catalogueEndpoints.announcements, async () => ({ payload: await listAnnouncements(db) }));
  route(app, catalogueEndpoints.socialMedia, async () => ({ payload: await listSocialLinks(db) }));
  route(app, catalogueEndpoints.maintenance, async () => ({ payload: await listMaintenance(db) }));
};
