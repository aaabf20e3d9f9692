import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from './csv.js';
import {
  DEFAULT_EXPORT_TEMPLATES,
  EXPORT_PLACEHOLDERS,
  exportFilename,
  exportLineOf,
  exportLinesOf,
  parseTemplate,
  renderExport,
  templateProblem,
  type ExportLine,
} from './export-template.js';
import { proxyLine } from './proxy-lines.js';

const line: ExportLine = {
  host: 'gw.shop.test',
  port: '31112',
  user: 'u1-isp',
  pass: 'pw_country-us',
  ip: 'gw.shop.test',
};
const v6 = exportLineOf('[2001:db8:5::100]:31300');

describe('export templates (issue #32 item 5)', () => {
  it('renders today’s lines with the default templates', () => {
    const today = proxyLine(
      { host: 'gw.shop.test', username: 'u1-isp', password: 'pw' },
      { country: 'us', type: 'rotating' },
    );
    const settings = { template: DEFAULT_EXPORT_TEMPLATES.login, format: 'txt', protocol: 'http' } as const;
    expect(renderExport([exportLineOf(today)], settings)).toBe(`${today}\n`);
    expect(renderExport([v6], { ...settings, template: DEFAULT_EXPORT_TEMPLATES.whitelist })).toBe(
      '[2001:db8:5::100]:31300\n',
    );
  });

  it('reads lines back: an IPv6 host keeps its brackets, {ip} is bare, the password keeps its options', () => {
    expect(v6).toEqual({
      host: '[2001:db8:5::100]',
      port: '31300',
      user: '',
      pass: '',
      ip: '2001:db8:5::100',
    });
    expect(exportLineOf('gw:31112:u1-isp:pw_country-us_session-abcdefgh')).toEqual({
      host: 'gw',
      port: '31112',
      user: 'u1-isp',
      pass: 'pw_country-us_session-abcdefgh',
      ip: 'gw',
    });
    expect(exportLinesOf(['a:1', 'a:1', 'b:2'])).toHaveLength(2);
  });

  it('writes csv with a header of the placeholders, each once, and json objects', () => {
    const settings = {
      template: '{protocol}://{user}:{pass}@{host}:{port} {user}',
      protocol: 'socks5',
    } as const;
    expect(renderExport([line], { ...settings, format: 'csv' })).toBe(
      'protocol,user,pass,host,port\r\nsocks5,u1-isp,pw_country-us,gw.shop.test,31112\r\n',
    );
    expect(JSON.parse(renderExport([line], { ...settings, format: 'json' }))).toEqual([
      { protocol: 'socks5', user: 'u1-isp', pass: 'pw_country-us', host: 'gw.shop.test', port: '31112' },
    ]);
    expect(renderExport([], { ...settings, format: 'json' })).toBe('[]\n');
  });

  it('names what is wrong with a template', () => {
    expect(templateProblem('{host}:{port}')).toBeNull();
    expect(templateProblem('{host}:{password}')).toBe(
      'Unknown placeholder {password}: use {host}, {port}, {user}, {pass}, {ip} or {protocol}',
    );
    expect(templateProblem('{}')).toMatch(/^Unknown placeholder \{\}/);
    expect(templateProblem('{host}}')).toMatch(/^Unmatched "}"/);
    expect(templateProblem('')).toBe('Write a template, like {host}:{port}:{user}:{pass}');
    expect(templateProblem('no placeholder')).toMatch(/^Put at least one placeholder/);
    expect(templateProblem(`{host}${'x'.repeat(200)}`)).toBe('A template is at most 200 characters');
    expect(templateProblem('{host}\t{port}')).toBe('A template is one line, without tabs or line breaks');
    expect(() => renderExport([line], { template: '{x}', format: 'txt', protocol: 'http' })).toThrow(/\{x\}/);
  });

  it('names files after the product and the day', () => {
    expect(exportFilename('Premium Residential', 'csv', new Date('2026-11-26T10:00:00Z'))).toBe(
      'proxies-premium-residential-2026-11-26.csv',
    );
  });
});

/** Text without braces or control characters: what a template holds between placeholders. */
const literal = fc.string({ maxLength: 6 }).filter((text) => !/[{}\p{Cc}]/u.test(text));
const template = fc
  .array(
    fc.oneof(
      fc.constantFrom(...EXPORT_PLACEHOLDERS).map((p) => `{${p}}`),
      literal,
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''))
  .filter((text) => templateProblem(text) === null);
const value = fc.string({ maxLength: 12 });
const exportLine = fc.record({ host: value, port: value, user: value, pass: value, ip: value });
const protocol = fc.constantFrom('http', 'socks5' as const);

describe('export templates, for any template and lines', () => {
  it('txt: one line per line, each the template with its placeholders filled in', () => {
    fc.assert(
      fc.property(template, fc.array(exportLine, { maxLength: 5 }), protocol, (t, lines, p) => {
        const text = renderExport(lines, { template: t, format: 'txt', protocol: p });
        const expected = lines.map((l) =>
          t.replace(/\{(\w+)\}/g, (_, name: string) =>
            name === 'protocol' ? p : l[name as keyof ExportLine],
          ),
        );
        expect(text).toBe(expected.map((e) => `${e}\n`).join(''));
      }),
    );
  });

  it('json: the objects hold exactly the template’s placeholders with the lines’ values', () => {
    fc.assert(
      fc.property(template, fc.array(exportLine, { maxLength: 5 }), protocol, (t, lines, p) => {
        const parsed = parseTemplate(t);
        if ('problem' in parsed) throw new Error(parsed.problem);
        const objects = JSON.parse(
          renderExport(lines, { template: t, format: 'json', protocol: p }),
        ) as Record<string, string>[];
        expect(objects).toHaveLength(lines.length);
        objects.forEach((object, i) => {
          expect(Object.keys(object)).toEqual(parsed.placeholders);
          for (const key of parsed.placeholders)
            expect(object[key]).toBe(key === 'protocol' ? p : lines[i]![key]);
        });
      }),
    );
  });

  it('csv: a header and one row per line, every field as csvField writes it', () => {
    fc.assert(
      fc.property(template, fc.array(exportLine, { maxLength: 5 }), protocol, (t, lines, p) => {
        const parsed = parseTemplate(t);
        if ('problem' in parsed) throw new Error(parsed.problem);
        const rows = lines.map((l) =>
          parsed.placeholders.map((key) => csvField(key === 'protocol' ? p : l[key])).join(','),
        );
        expect(renderExport(lines, { template: t, format: 'csv', protocol: p })).toBe(
          [parsed.placeholders.join(','), ...rows].map((row) => `${row}\r\n`).join(''),
        );
      }),
    );
  });

  it('any text with an unknown {name} is refused, naming it', () => {
    fc.assert(
      fc.property(
        literal,
        fc
          .stringMatching(/^[a-z]{1,8}$/)
          .filter((n) => !(EXPORT_PLACEHOLDERS as readonly string[]).includes(n)),
        (text, name) => {
          expect(templateProblem(`{host}${text}{${name}}`)).toMatch(
            new RegExp(`^Unknown placeholder \\{${name}\\}`),
          );
        },
      ),
    );
  });
});
