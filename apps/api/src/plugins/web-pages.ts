import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { firstAnswerPaths, isUnderMaintenancePrefix, TOKEN_COOKIE } from '@proxydesk/contract';

/** What a page starts with (apps/web/src/lib/boot.ts reads it). */
export interface WebBoot {
  authConfig: { google: unknown; discord: unknown } & Record<string, unknown>;
  /** Whether the shop is in maintenance, or null when that cannot be known now. */
  maintenance: () => Promise<boolean | null>;
  /**
   * The API's answers to these GETs for this session, as the browser would get them (none that failed, and
   * none at all when the session is not valid): written into a signed-in page so it draws without asking.
   */
  answers: (paths: string[], session: { token: string; ip: string }) => Promise<Record<string, unknown>>;
}

/** Who asks for a page: the cookie it sends and the address it comes from. */
export interface PageRequest {
  url: string;
  cookie: string | undefined;
  ip: string;
}

export interface EncodedPage {
  identity: string;
  /** The page compressed so: each encoding made on its first ask, then kept. */
  encoded: (encoding: 'br' | 'gzip') => Promise<Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Compressed in the encoding a browser asks for, once: a page the same for everyone at the best ratio, a page
 * of one session's (made for one request) at a quick brotli level.
 */
const encode = (html: string, personal = false): EncodedPage => {
  const buffer = Buffer.from(html);
  const brotliOptions = personal ? { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } : {};
  const made = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    identity: html,
    encoded: (encoding) => {
      let found = made.get(encoding);
      if (!found) {
        found = encoding === 'br' ? brotli(buffer, brotliOptions) : gzipAsync(buffer);
        made.set(encoding, found);
        // A failure is that request's error; the next ask tries again.
        found.catch(() => made.delete(encoding));
      }
      return found;
    },
  };
};

/** The session cookie's token as the web client reads it (apps/web/src/lib/token.ts), or null. */
const sessionToken = (cookie: string | undefined): string | null => {
  const part = (cookie ?? '').split('; ').find((p) => p.startsWith(`${TOKEN_COOKIE}=`));
  if (part === undefined) return null;
  try {
    return decodeURIComponent(part.slice(TOKEN_COOKIE.length + 1));
  } catch {
    return null;
  }
};

/**
 * Chooses the HTML for a page address: one the build rendered (apps/web/src/prerender.tsx, hydrated by the
 * client) when the address and the state match what it was drawn for, else the bare index.html, which the
 * client draws itself. Each page carries the boot data as JSON.
 */
export const createPages = (distDir: string, brand: string, boot: WebBoot, publicUrl = '') => {
  const fill = (html: string) =>
    html
      .replaceAll('__PUBLIC_URL__', escapeHtml(publicUrl))
      .replaceAll('__BRAND_NAME__', escapeHtml(brand))
      .replaceAll('__BRAND_INITIAL__', escapeHtml(brand.charAt(0)));
  const withBoot = (html: string, maintenance: boolean | null, answers?: Record<string, unknown>) => {
    if (maintenance === null) return html;
    const data = { maintenance, authConfig: boot.authConfig, ...(answers ? { answers } : {}) };
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return html.replace('</head>', () => `<script type="application/json" id="boot">${json}</script></head>`);
  };

  const index = fill(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const dir = join(distDir, '.prerendered');
  const variant = [boot.authConfig.google && 'google', boot.authConfig.discord && 'discord']
    .filter(Boolean)
    .join('.');
  type Listed = { name: string; paths: string[]; signedIn?: boolean };
  const listed: Listed[] = existsSync(join(dir, 'pages.json'))
    ? (JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as Listed[])
    : [];
  const rendered = new Map(
    listed.map(({ name }) => [
      name,
      fill(readFileSync(join(dir, `${name}${variant && `.${variant}`}.html`), 'utf8')),
    ]),
  );
  const pathsOf = (signedIn: boolean) =>
    new Map(
      listed
        .filter((p) => (p.signedIn ?? false) === signedIn)
        .flatMap(({ name, paths }) => paths.map((path) => [path, name])),
    );
  /** A guest's page by address; a session's shell by address (one that also preloads that screen) or the plain one. */
  const byPath = pathsOf(false);
  const shellByPath = pathsOf(true);

  const cache = new Map<string, EncodedPage>();
  const page = (name: string | undefined, maintenance: boolean | null): EncodedPage => {
    const html = (name && rendered.get(name)) || index;
    const key = `${html === index ? '' : name}:${maintenance}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = encode(withBoot(html, maintenance))));
    return found;
  };

  /** The signed-in shell with this session's first answers, or the shared one when there are none. */
  const shell = async (path: string, maintenance: boolean, session: { token: string; ip: string }) => {
    const answers = await boot.answers(firstAnswerPaths(path), session).catch(() => ({}));
    const name = shellByPath.get(path) ?? 'shell';
    const html = rendered.get(name) ?? index;
    if (Object.keys(answers).length === 0) return { page: page(name, maintenance), personal: false };
    return { page: encode(withBoot(html, maintenance, answers), true), personal: true };
  };

  return async ({ url, cookie, ip }: PageRequest): Promise<{ page: EncodedPage; personal: boolean }> => {
    const shared = (name: string | undefined, maintenance: boolean | null) => ({
      page: page(name, maintenance),
      personal: false,
    });
    const [rawPath = '/', query] = url.split('?', 2);
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const maintenance = await boot.maintenance().catch(() => null);
    if (maintenance === null) return shared(undefined, null);
    if (maintenance && !isUnderMaintenancePrefix(path)) return shared('maintenance', maintenance);
    const token = sessionToken(cookie);
    if (token !== null) return shell(path, maintenance, { token, ip });
    // Under /4 the links differ, and a query string may prefill a form: the client draws those itself.
    if (maintenance || query !== undefined) return shared(undefined, maintenance);
    return shared(byPath.get(path), maintenance);
  };
};
