import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { isUnderMaintenancePrefix, TOKEN_COOKIE } from '@proxydesk/contract';

/** What a page starts with (apps/web/src/lib/boot.ts reads it). */
export interface WebBoot {
  authConfig: { google: unknown; discord: unknown } & Record<string, unknown>;
  /** Whether the shop is in maintenance, or null when that cannot be known now. */
  maintenance: () => Promise<boolean | null>;
}

export interface EncodedPage {
  identity: string;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Compressed once, in the background, the first time the page is chosen. */
const encode = (html: string): EncodedPage => {
  const buffer = Buffer.from(html);
  const page = { identity: html, br: brotli(buffer), gzip: gzipAsync(buffer) };
  // Not awaited until a browser asks; a failure then surfaces as that request's error.
  page.br.catch(() => undefined);
  page.gzip.catch(() => undefined);
  return page;
};

/** The session cookie as the web client reads it (apps/web/src/lib/token.ts). */
const hasSessionCookie = (cookie: string | undefined) =>
  (cookie ?? '').split('; ').some((part) => part.startsWith(`${TOKEN_COOKIE}=`));

/**
 * Chooses the HTML for a page address: one the build rendered (apps/web/src/prerender.tsx, hydrated by the
 * client) when the address and the state match what it was drawn for, else the bare index.html, which the
 * client draws itself. Each page carries the boot data as JSON.
 */
export const createPages = (distDir: string, brand: string, boot: WebBoot) => {
  const fill = (html: string) =>
    html
      .replaceAll('__BRAND_NAME__', escapeHtml(brand))
      .replaceAll('__BRAND_INITIAL__', escapeHtml(brand.charAt(0)));
  const withBoot = (html: string, maintenance: boolean | null) => {
    if (maintenance === null) return html;
    const json = JSON.stringify({ maintenance, authConfig: boot.authConfig }).replace(/</g, '\\u003c');
    return html.replace('</head>', () => `<script type="application/json" id="boot">${json}</script></head>`);
  };

  const index = fill(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const dir = join(distDir, '.prerendered');
  const variant = [boot.authConfig.google && 'google', boot.authConfig.discord && 'discord']
    .filter(Boolean)
    .join('.');
  const listed: { name: string; paths: string[] }[] = existsSync(join(dir, 'pages.json'))
    ? (JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as { name: string; paths: string[] }[])
    : [];
  const rendered = new Map(
    listed.map(({ name }) => [
      name,
      fill(readFileSync(join(dir, `${name}${variant && `.${variant}`}.html`), 'utf8')),
    ]),
  );
  const byPath = new Map(listed.flatMap(({ name, paths }) => paths.map((path) => [path, name])));

  const cache = new Map<string, EncodedPage>();
  const page = (name: string | undefined, maintenance: boolean | null): EncodedPage => {
    const html = (name && rendered.get(name)) || index;
    const key = `${html === index ? '' : name}:${maintenance}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = encode(withBoot(html, maintenance))));
    return found;
  };

  return async (url: string, cookie: string | undefined): Promise<EncodedPage> => {
    const [rawPath = '/', query] = url.split('?', 2);
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const maintenance = await boot.maintenance().catch(() => null);
    if (maintenance === null) return page(undefined, null);
    if (maintenance && !isUnderMaintenancePrefix(path)) return page('maintenance', maintenance);
    if (hasSessionCookie(cookie)) return page('shell', maintenance);
    // Under /4 the links differ, and a query string may prefill a form: the client draws those itself.
    if (maintenance || query !== undefined) return page(undefined, maintenance);
    return page(byPath.get(path), maintenance);
  };
};
