import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin } from 'vite';
import type * as Prerender from '../src/prerender';
import type { PageSpec, RenderedPage } from '../src/prerender';

/** Where the pages go, beside the client build; the server reads them (apps/api/src/plugins/web.ts). */
export const PRERENDERED_DIR = '.prerendered';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The lazy screen's own files: its chunk and static imports (not the entry's), and their CSS. */
const screenFiles = (manifest: Manifest, key: string) => {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const inEntry = new Set<string>();
  const walk = (k: string, into: Set<string>) => {
    const chunk = manifest[k];
    if (!chunk || into.has(k)) return;
    into.add(k);
    for (const dep of chunk.imports ?? []) walk(dep, into);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) walk(entryKey, inEntry);
  const own = new Set<string>();
  walk(key, own);
  const keys = [...own].filter((k) => !inEntry.has(k));
  return {
    scripts: keys.map((k) => manifest[k]!.file),
    styles: keys.flatMap((k) => manifest[k]!.css ?? []),
  };
};

const headLinks = (manifest: Manifest, modules: string[]) => {
  const files = modules.map((key) => screenFiles(manifest, key));
  const scripts = [...new Set(files.flatMap((f) => f.scripts))];
  const styles = [...new Set(files.flatMap((f) => f.styles))];
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
};

const START_SCRIPT_TAG = '<script src="/start.js"></script>';

/**
 * A logged-out page's modules (the entry first, then what it imports), taken out of its head and handed to
 * public/start.js, which starts them once the page is painted: requested beside the stylesheet, they held
 * the first paint back (issue #18, ADR 012). What is clicked before they run is kept by that script.
 */
const modulesAfterPaint = (html: string) => {
  let entry: string | undefined;
  const imports: string[] = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      imports.push(href);
      return '';
    });
  if (!entry || !rest.includes(START_SCRIPT_TAG))
    throw new Error('index.html has no module entry or start script');
  return rest.replace(
    START_SCRIPT_TAG,
    () => `<script src="/start.js" data-modules="${[entry, ...imports].join(' ')}"></script>`,
  );
};

/**
 * A public page's description and canonical address (issue #33, SEO basics); the server fills `__PUBLIC_URL__`
 * from PUBLIC_URL as it fills the brand.
 */
const seoTags = (spec: PageSpec) =>
  spec.description && spec.paths[0] !== undefined
    ? `<meta name="description" content="${escapeHtml(spec.description)}"><link rel="canonical" href="__PUBLIC_URL__${spec.paths[0] === '/' ? '/' : spec.paths[0]}">`
    : '';

/** index.html with the page's markup in #root, its title, and its screen's files preloaded. */
const pageHtml = (template: string, manifest: Manifest, spec: PageSpec, page: RenderedPage) => {
  const html = template
    .replace('<div id="root"></div>', () =>
      spec.signedIn
        ? `<div id="root" data-prerendered="shell">${page.markup}</div>`
        : `<div id="root" data-prerendered="page" data-screen="${spec.name}">${page.markup}</div>`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${page.screen ? `${escapeHtml(page.screen)} · ` : ''}__BRAND_NAME__</title>`,
    )
    .replace(
      '</head>',
      () => `${seoTags(spec)}${headLinks(manifest, [...spec.modules, ...page.modules])}</head>`,
    );
  return spec.signedIn ? html : modulesAfterPaint(html);
};

/**
 * After the client build, builds src/prerender.tsx for Node, renders its pages and writes them to
 * dist/.prerendered with a pages.json the server reads: which file answers which address.
 */
export const prerender = (): Plugin => {
  let root = '';
  let outDir = '';
  return {
    name: 'proxydesk-prerender',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    // writeBundle: before closeBundle, where the build is compressed (build/precompress.ts).
    writeBundle: async () => {
      // Under node_modules so the bundle's imports of React, Mantine… resolve from it.
      const ssrDir = join(root, 'node_modules/.prerender');
      await build({
        root,
        logLevel: 'warn',
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
      });
      const module = (await import(
        `${pathToFileURL(join(ssrDir, 'prerender.js')).href}?t=${Date.now()}`
      )) as typeof Prerender;
      const pages = await module.renderPages();
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const dir = join(outDir, PRERENDERED_DIR);
      await mkdir(dir, { recursive: true });
      await Promise.all(
        pages.map((page) => {
          const spec = module.PAGES.find((s) => page.file.split('.')[0] === s.name)!;
          return writeFile(join(dir, `${page.file}.html`), pageHtml(template, manifest, spec, page));
        }),
      );
      const index = module.PAGES.map(({ name, paths, signedIn }) => ({ name, paths, signedIn }));
      await writeFile(join(dir, 'pages.json'), `${JSON.stringify(index, null, 2)}\n`);
      await rm(ssrDir, { recursive: true, force: true });
    },
  };
};
