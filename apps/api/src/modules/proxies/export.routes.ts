import {
  EXPORT_CONTENT_TYPES,
  exportFilename,
  exportKindOf,
  exportLinesOf,
  generateProxyBodySchema,
  PRODUCT_NAMES,
  proxyExportEndpoints as endpoints,
  renderExport,
  type z,
  type exportProxiesBodySchema,
} from '@proxydesk/contract';
import {
  assignedEndpoints,
  findOwnPlan,
  readExportSettings,
  saveExportSettings,
  type Db,
  type User,
} from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import type { Generator } from './generator.service.js';

type ExportBody = z.output<typeof exportProxiesBodySchema>;

/** The generator's request for a per-GB product's lines: its own rules (locations, sub-users, data left) apply. */
const generatorBody = (body: ExportBody) => {
  const { product, type, amount, country, city, isp, lifetime, subuser } = body;
  const parsed = generateProxyBodySchema.safeParse(
    product === 'PR_3'
      ? { proxy_type: 'normal', subuser }
      : {
          proxy_type: 'premium',
          product,
          type: type || 'rotating',
          amount: amount ?? 1,
          country: country ?? 'random',
          city,
          isp,
          lifetime,
          subuser,
        },
  );
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
};

/** A datacenter / IPv6 product's addresses: one of the customer's plans (else 404), or all their active ones. */
const whitelistedLines = async (db: Db, user: User, body: ExportBody): Promise<string[]> => {
  const planId = body.plan || undefined;
  if (planId !== undefined) {
    const plan = await findOwnPlan(db, user.id, planId);
    if (!plan || plan.productType !== body.product) throw new HttpError(404, 'Plan not found');
  }
  const lines = await assignedEndpoints(db, user.id, body.product, planId);
  if (lines.length === 0)
    throw new HttpError(403, `You have no active ${PRODUCT_NAMES[body.product]} plan: buy one first`);
  return lines;
};

/**
 * Export templates (issue #32 item 5, ADR 017): the customer's last settings, and their lines as a file written
 * with `renderExport`, the function the product pages use too. Exporting remembers what it used.
 */
export const exportRoutes = (app: FastifyInstance, db: Db, generator: Generator): void => {
  route(app, endpoints.settings, async ({ account }) => ({
    payload: await readExportSettings(db, account.user.id),
  }));

  route(app, endpoints.saveSettings, async ({ account, body: { kind, ...settings } }) => {
    await saveExportSettings(db, account.user.id, kind, settings);
    return { detail: 'Export settings saved', payload: settings };
  });

  route(app, endpoints.exportProxies, async ({ account, body, reply }) => {
    const kind = exportKindOf(body.product);
    const last = (await readExportSettings(db, account.user.id))[kind];
    const settings = {
      template: body.template ?? last.template,
      format: body.format ?? last.format,
      protocol: body.protocol ?? last.protocol,
    };
    const lines =
      kind === 'whitelist'
        ? await whitelistedLines(db, account.user, body)
        : (await generator.generate(account.user, generatorBody(body))).payload.proxies;
    await saveExportSettings(db, account.user.id, kind, settings);
    void reply
      .type(EXPORT_CONTENT_TYPES[settings.format])
      .header(
        'content-disposition',
        `attachment; filename="${exportFilename(PRODUCT_NAMES[body.product], settings.format)}"`,
      )
      .send(renderExport(exportLinesOf(lines), settings));
    return Promise.resolve(reply as never);
  });
};
