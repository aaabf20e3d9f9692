import { Readable } from 'node:stream';
import { adminReportEndpoints as reports } from '@proxydesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route.js';
import type { AdminReportsService } from './admin-reports.service.js';
import { pageLink } from './page-link.js';

/** A CSV download named `name-<what>.csv`, sent as it is made (the console's invoice export does the same). */
const sendCsv = (reply: FastifyReply, name: string, lines: AsyncIterable<string>) => {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(Readable.from(lines));
  return Promise.resolve(reply as never);
};

/** The accountant's reports in the console (issue #30 item 9): JSON, and the same figures as CSV. */
export const adminReportRoutes = (app: FastifyInstance, service: AdminReportsService, publicUrl: string) => {
  route(app, reports.revenue, async ({ query }) => ({ payload: await service.revenue(query.month) }));
  route(app, reports.revenueCsv, ({ query, reply }) =>
    sendCsv(reply, `revenue-${query.month ?? 'last-12-months'}`, service.revenueCsv(query.month)),
  );
  route(app, reports.documents, ({ query: { page, ...period } }) =>
    service.documents(period, page ?? 1, pageLink(`${publicUrl}/v1/admin/reports/documents`, period)),
  );
  route(app, reports.documentsCsv, ({ query, reply }) => {
    const { name, lines } = service.documentsCsv(query);
    return sendCsv(reply, name, lines);
  });
  route(app, reports.vat, async ({ query }) => ({ payload: await service.vat(query.quarter) }));
  route(app, reports.vatCsv, ({ query, reply }) =>
    sendCsv(reply, `vat-${query.quarter ?? 'this-quarter'}`, service.vatCsv(query.quarter)),
  );
};
