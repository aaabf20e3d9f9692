import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicUrl, type Config } from '../config.js';
import { sendNotFound } from './errors.js';
import { createPages, escapeHtml, type WebBoot } from './web-pages.js';

/** The built dashboard (apps/web/dist), the same path from src/ and dist/. */
export const webDistDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** `br` or `gzip` when the browser accepts it (a q of 0 refuses), else `identity`. */
const preferredEncoding = (header: string | undefined): 'br' | 'gzip' | 'identity' => {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
};

/** The pages a visitor without an account reads, for search engines (robots.txt, sitemap.xml). */
export const PUBLIC_PAGES = ['/', '/pricing', '/signup', '/faqs'];

/** Addresses that are never a page of the single-page app: the API, and files (a missing asset is a 404). */
const isNotAPage = (url: string) => {
  const path = url.split('?')[0] ?? url;
  return /^\/(v1|docs|healthz|readyz|sandbox)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path);
};

/**
 * Serves the dashboard: hashed assets cached for a year (brotli or gzip from the build), and for every other
 * page address the HTML of apps/api/src/plugins/web-pages.ts (a page rendered at build time, or index.html),
 * with the brand name filled in, so the client-side router takes over.
 */
export const registerWeb = async (app: FastifyInstance, config: Config, boot: WebBoot): Promise<void> => {
  const built = existsSync(`${webDistDir}index.html`);
  const site = publicUrl(config);
  const pageFor = built ? createPages(webDistDir, config.BRAND_NAME, boot, site) : null;
  const notBuilt = `<!doctype html><title>${escapeHtml(config.BRAND_NAME)}</title><p>The dashboard is not built yet: run <code>npm run build</code>.</p>`;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // Only the files that exist get routes; every other address falls through to index.html.
      wildcard: false,
      // The build writes `.br` and `.gz` beside each asset (apps/web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // What search engines may read (issue #33): the public pages, listed in the sitemap; never the API.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /v1/\nSitemap: ${site}/sitemap.xml\n`),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${PUBLIC_PAGES.map(
          (path) => `  <url><loc>${escapeHtml(`${site}${path}`)}</loc></url>\n`,
        ).join('')}</urlset>\n`,
      ),
  );

  // Unknown /v1 paths count against the rate limit like known ones (pages are let through by its allowList).
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || isNotAPage(request.url)) return sendNotFound(reply, request.method, request.url);
    reply.header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    if (!pageFor) return reply.header('cache-control', 'no-cache').send(notBuilt);
    const { page, personal } = await pageFor({
      url: request.url,
      cookie: request.headers.cookie,
      ip: request.ip,
    });
    // A page with a session's answers in it is that browser's alone.
    reply.header('cache-control', personal ? 'private, no-cache' : 'no-cache');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
  });
};
