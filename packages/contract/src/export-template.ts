/**
 * Export templates (issue #32 item 5, ADR 017): the customer's lines as txt, csv or json, written from a template
 * of placeholders, the way Proxy-Seller's `%login%:%password%@%ip%:%port%` works. Pure: the API renders its
 * exports with it and the product pages their preview, copy and downloads, so both follow one rule.
 */
import { csvRow } from './csv.js';

export const EXPORT_PLACEHOLDERS = ['host', 'port', 'user', 'pass', 'ip', 'protocol'] as const;
export type ExportPlaceholder = (typeof EXPORT_PLACEHOLDERS)[number];
export const EXPORT_FORMATS = ['txt', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_PROTOCOLS = ['http', 'socks5'] as const;
export type ExportProtocol = (typeof EXPORT_PROTOCOLS)[number];
export const TEMPLATE_MAX_LENGTH = 200;

/**
 * Lines signed in with a username and password (residential, ISP, premium: `login`), or let in by the customer's
 * whitelisted IPs (datacenter, IPv6: `whitelist`, no user or password). Each kind has its own default, today's
 * line (SPEC.md §9, DESIGN.md §4), and its own remembered template.
 */
export const EXPORT_KINDS = ['login', 'whitelist'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const DEFAULT_EXPORT_TEMPLATES: Record<ExportKind, string> = {
  login: '{host}:{port}:{user}:{pass}',
  whitelist: '{host}:{port}',
};

export interface ExportSettings {
  template: string;
  format: ExportFormat;
  protocol: ExportProtocol;
}
export const defaultExportSettings = (kind: ExportKind): ExportSettings => ({
  template: DEFAULT_EXPORT_TEMPLATES[kind],
  format: 'txt',
  protocol: 'http',
});

/** One line's values: `host` as it goes in a URL (an IPv6 address in brackets), `ip` the bare address. */
export interface ExportLine {
  host: string;
  port: string;
  user: string;
  pass: string;
  ip: string;
}

type Part = { text: string } | { placeholder: ExportPlaceholder };
export type ParsedTemplate = { parts: Part[]; placeholders: ExportPlaceholder[] } | { problem: string };

const LIST = '{host}, {port}, {user}, {pass}, {ip} or {protocol}';
const isPlaceholder = (name: string): name is ExportPlaceholder =>
  (EXPORT_PLACEHOLDERS as readonly string[]).includes(name);

/** A template's parts, or what is wrong with it, naming the bad placeholder (the API's 400, the form's error). */
export const parseTemplate = (template: string): ParsedTemplate => {
  if (template.trim() === '') return { problem: 'Write a template, like {host}:{port}:{user}:{pass}' };
  if (template.length > TEMPLATE_MAX_LENGTH)
    return { problem: `A template is at most ${TEMPLATE_MAX_LENGTH} characters` };
  if (/[\p{Cc}]/u.test(template)) return { problem: 'A template is one line, without tabs or line breaks' };
  const parts: Part[] = [];
  const pattern = /\{([^{}]*)\}|([{}])|([^{}]+)/g;
  for (const [, name, brace, text] of template.matchAll(pattern)) {
    if (brace !== undefined) return { problem: `Unmatched "${brace}" in the template: use ${LIST}` };
    if (text !== undefined) parts.push({ text });
    else if (isPlaceholder(name!)) parts.push({ placeholder: name });
    else return { problem: `Unknown placeholder {${name}}: use ${LIST}` };
  }
  const placeholders = [
    ...new Set(parts.flatMap((part) => ('placeholder' in part ? [part.placeholder] : []))),
  ];
  if (placeholders.length === 0) return { problem: `Put at least one placeholder in the template: ${LIST}` };
  return { parts, placeholders };
};

/** What is wrong with a template, or null: the rule the zod schemas and the form share. */
export const templateProblem = (template: string): string | null => {
  const parsed = parseTemplate(template);
  return 'problem' in parsed ? parsed.problem : null;
};

/**
 * The file: txt renders the template once per line; csv has a header row of the template's placeholders (in
 * order, each once) and a row per line; json is an array of objects with those keys. A template that does not
 * parse throws: callers check it first (`templateProblem`).
 */
export const renderExport = (lines: readonly ExportLine[], settings: ExportSettings): string => {
  const parsed = parseTemplate(settings.template);
  if ('problem' in parsed) throw new Error(parsed.problem);
  const value = (line: ExportLine, placeholder: ExportPlaceholder) =>
    placeholder === 'protocol' ? settings.protocol : line[placeholder];
  if (settings.format === 'txt')
    return lines
      .map((line) =>
        parsed.parts.map((part) => ('text' in part ? part.text : value(line, part.placeholder))).join(''),
      )
      .map((text) => `${text}\n`)
      .join('');
  if (settings.format === 'csv')
    return [
      csvRow(parsed.placeholders),
      ...lines.map((line) => csvRow(parsed.placeholders.map((p) => value(line, p)))),
    ].join('');
  const objects = lines.map((line) =>
    Object.fromEntries(parsed.placeholders.map((p) => [p, value(line, p)])),
  );
  return `${JSON.stringify(objects, null, 2)}\n`;
};

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** `proxies-isp-2026-11-26.csv`: the product's name and the day. */
export const exportFilename = (productName: string, format: ExportFormat, now = new Date()): string =>
  `proxies-${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${now.toISOString().slice(0, 10)}.${format}`;

/**
 * Reads a generated line back into its values: `HOST:PORT:USER:PASS` (SPEC.md §9), or `IP:PORT` /
 * `[IPv6]:PORT` for a whitelisted address. The password is the rest of the line (its options included).
 */
export const exportLineOf = (line: string): ExportLine => {
  const match = /^(\[([^\]]+)\]|[^:]+):([^:]*)(?::([^:]*):(.*))?$/.exec(line);
  if (!match) return { host: line, port: '', user: '', pass: '', ip: line };
  const [, host = '', bracketed, port = '', user = '', pass = ''] = match;
  return { host, port, user, pass, ip: bracketed ?? host };
};

/** The lines a file holds: each once (N rotating lines are one line N times, as the product pages show them). */
export const exportLinesOf = (proxies: readonly string[]): ExportLine[] =>
  [...new Set(proxies)].map(exportLineOf);
