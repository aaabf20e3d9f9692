import { adminFailureEndpoints as failures } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { AdminFailuresService } from './admin-failures.service.js';
import { pageLink } from './page-link.js';

/** The read-only lists behind the overview's failure and traffic figures (issue #17 §2). */
export const adminFailureRoutes = (
  app: FastifyInstance,
  service: AdminFailuresService,
  publicUrl: string,
): void => {
  route(app, failures.mails, async ({ query: { page, ...filter } }) =>
    service.mails(filter, page ?? 1, pageLink(`${publicUrl}/v1/admin/mails`, filter)),
  );
  route(app, failures.failedJobs, async ({ query }) =>
    service.failedJobs(query.page ?? 1, pageLink(`${publicUrl}/v1/admin/jobs/failed`, {})),
  );
  route(app, failures.traffic, async ({ query: { page, ...filter } }) =>
    service.traffic(filter.product, page ?? 1, pageLink(`${publicUrl}/v1/admin/traffic`, filter)),
  );
  route(app, failures.webhookRefusals, async ({ query }) =>
    service.webhookRefusals(query.page ?? 1, pageLink(`${publicUrl}/v1/admin/webhooks/refused`, {})),
  );
};
