import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_PROTOCOLS,
  TEMPLATE_MAX_LENGTH,
  templateProblem,
} from './export-template.js';
import { namedObject } from './named-object.js';
import { generateProxyBodySchema } from './proxies.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

/** A template as the API takes it: the error names the bad placeholder (`templateProblem`, the form's rule too). */
export const exportTemplateSchema = z.string().check(
  z.maxLength(TEMPLATE_MAX_LENGTH, `A template is at most ${TEMPLATE_MAX_LENGTH} characters`),
  z.superRefine((template: string, ctx) => {
    const problem = templateProblem(template);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: template });
  }),
);
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export const exportProtocolSchema = z.enum(EXPORT_PROTOCOLS);

export const exportSettingsSchema = namedObject('ExportSettings', {
  template: exportTemplateSchema,
  format: exportFormatSchema,
  protocol: exportProtocolSchema,
});

/** Products whose lines export: the three signed in with a login, the two let in by whitelisted IPs. */
export const exportProductSchema = z.enum(['PR_2', 'PR_3', 'PR_6', 'PR_4', 'PR_5']);
export type ExportProduct = z.infer<typeof exportProductSchema>;
export const exportKindOf = (product: ExportProduct) =>
  product === 'PR_4' || product === 'PR_5' ? ('whitelist' as const) : ('login' as const);

const generator = generateProxyBodySchema.shape;

/**
 * POST /v1/user/export-proxies: the lines of a product as a file. Template, format and protocol default to the
 * ones last used (and are remembered); the per-GB products take the generator's options (absent: one rotating
 * line, any country), the datacenter and IPv6 ones their active plans' addresses, or one plan's.
 */
export const exportProxiesBodySchema = z.object({
  product: exportProductSchema,
  template: z.optional(exportTemplateSchema),
  format: z.optional(exportFormatSchema),
  protocol: z.optional(exportProtocolSchema),
  type: generator.type,
  amount: generator.amount,
  country: generator.country,
  city: generator.city,
  isp: generator.isp,
  lifetime: generator.lifetime,
  subuser: generator.subuser,
  /** Datacenter / IPv6: one of your plans (else 404); absent: all your active plans of the product. */
  plan: z.optional(z.string().check(z.maxLength(64))),
});
export type ExportProxiesBody = z.input<typeof exportProxiesBodySchema>;

const read = readOf('proxies', 'user');

export const proxyExportEndpoints = {
  settings: read(
    '/v1/user/export-settings',
    'Your last export template, format and protocol, for login lines and for whitelisted addresses',
    z.object({ login: exportSettingsSchema, whitelist: exportSettingsSchema }),
  ),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/export-settings',
    summary:
      'Remember an export template, format and protocol (the product pages save them on copy and download)',
    tag: 'proxies',
    access: 'user',
    body: z.object({ kind: z.enum(EXPORT_KINDS), ...exportSettingsSchema.shape }),
    response: withPayload(exportSettingsSchema),
  }),
  exportProxies: defineEndpoint({
    method: 'POST',
    path: '/v1/user/export-proxies',
    summary:
      'Your lines as a txt, csv or json file written from a template of {host} {port} {user} {pass} {ip} {protocol}',
    tag: 'proxies',
    access: 'user',
    body: exportProxiesBodySchema,
    response: z.string(),
  }),
};
