import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CHUNK_GROUPS } from './build/chunk-groups.js';
import { precompress } from './build/precompress.js';
import { prerender } from './build/prerender.js';
import { minifyStartScript } from './build/start-script.js';

/** Where `vite` and `vite preview` send API calls; `API_URL` points them at another instance. */
const API = process.env.API_URL ?? 'http://localhost:3000';
/** Paths the API answers; in development and preview they are proxied to it. */
const API_PATHS = ['/v1', '/docs', '/healthz', '/readyz', '/sandbox'];

const brand = () => process.env.BRAND_NAME ?? 'ProxyDesk';
const fillBrand = (html: string) => html.replaceAll('__BRAND_NAME__', brand());

/**
 * Fills the brand placeholder that the API fills in production (apps/api serves dist/index.html):
 * in `vite` through the HTML transform, in `vite preview` for every page request.
 */
const brandName = (): Plugin => ({
  name: 'proxydesk-brand-name',
  apply: 'serve',
  transformIndexHtml: fillBrand,
  configurePreviewServer: (server) => {
    const indexHtml = join(server.config.root, server.config.build.outDir, 'index.html');
    server.middlewares.use((req, res, next) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const isPage =
        req.method === 'GET' && req.headers.accept?.includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
      if (!isPage || API_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return next();
      readFile(indexHtml, 'utf8').then((html) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(fillBrand(html));
      }, next);
    });
  },
});

const proxy = Object.fromEntries(API_PATHS.map((path) => [path, API]));

export default defineConfig(({ isSsrBuild }) => ({
  // The build-time render (build/prerender.ts) builds src/prerender.tsx with this same configuration.
  plugins: isSsrBuild ? [react()] : [react(), brandName(), minifyStartScript(), prerender(), precompress()],
  // `source` first: workspace packages (e.g. @proxydesk/contract) resolve to their TypeScript source.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads the manifest to report first-load JS per route.
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser the build targets preloads modules itself but Safari 16, for which it is only slower.
    modulePreload: {
      polyfill: false,
      // The signed-in start's files come with the page that asks for it (src/prerender.tsx preloads them): the
      // entry, which every page loads, need not carry their list (sign-in's first load, ADR 003).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && /(^|\/)signed-in-start-[\w-]+\.js$/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Left alone, the bundler folds these into whichever shared chunk it likes (the menu's ScrollArea), and
        // the signed-in shell downloads them for nothing: popovers and modals load with the screens using them.
        // The build-time render (Node) is one program run once: its chunks are nobody's first load.
        codeSplitting: isSsrBuild ? true : { groups: CHUNK_GROUPS },
      },
    },
  },
  // `source` for the contract here too; React, Mantine and the rest stay imports of node_modules.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
}));
