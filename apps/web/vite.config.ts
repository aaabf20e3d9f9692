import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

/** A pattern over module ids, written with `/`, matching either path separator. */
const ids = (pattern: string) => new RegExp(pattern.replaceAll('/', String.raw`[\\/]`));

/** Mantine's core and the components of the logged-out card, the loading screen and the shell's frame. */
const FIRST_LOAD_MANTINE = [
  ...['Box', 'UnstyledButton', 'Input', 'InputBase', 'TextInput', 'PasswordInput', 'Button', 'Loader'],
  ...['Transition', 'Text', 'Group', 'Stack', 'Center', 'Card', 'Paper', 'Title', 'Anchor', 'Alert'],
  ...['ActionIcon', 'ThemeIcon', 'CloseButton', 'Divider'],
];

/**
 * Of Mantine's core, the helpers that only its menus, popovers, tabs and accordions use (keyboard navigation,
 * Escape, layers): out of the logged-out card's first load, in the signed-in one's.
 */
const SIGNED_IN_MANTINE_UTILS = [
  'create-scoped-keydown-handler',
  'find-element-in-shadow-dom',
  'find-element-ancestor',
  'get-context-item-index',
  'close-on-escape',
  'get-default-z-index',
  'get-single-element-child',
  'is-element',
];

/** Mantine's components that the signed-in frame and the dashboard draw first, beside FIRST_LOAD_MANTINE's. */
const SIGNED_IN_MANTINE = [
  'NavLink',
  'Accordion',
  'Collapse',
  'Burger',
  'Skeleton',
  'SimpleGrid',
  'Badge',
  'Progress',
  'CopyButton',
];
/** Of Mantine's hooks and the contract, the modules the signed-in first load needs beside the sign-in page's. */
const SIGNED_IN_HOOKS = ['use-merged-ref', 'use-disclosure', 'use-clipboard', 'use-collapse'];
const SIGNED_IN_CONTRACT = [
  'catalogue',
  'products',
  'proxies',
  'plans',
  'user',
  'pricing',
  'proxy-lines',
  'money',
];

/**
 * What the signed-in frame's and the dashboard's chunks import of the app's own (their libraries stay in the
 * groups of their own; the chunks themselves, loaded with import(), stay apart).
 */
const SIGNED_IN_APP = [
  'app/(screens|prefetch|plan-buttons)',
  'app/layouts/(account-button|navigation)',
  'features/(dashboard/.*|content/(announcement-banner|api/get-(announcement|social-media)))',
  'components/(frame|menu-link|lazy-toasts|page-skeleton|page-header|stat-card|copy-button)',
  'lib/(format|toasts-wanted|when-idle)',
];

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
        codeSplitting: {
          groups: [
            // React first: the groups below would otherwise take it in as one of their dependencies.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Small helpers that other chunks use too, kept apart from the libraries that bring them in.
            {
              name: 'helpers',
              test: /node_modules[\\/](@floating-ui[\\/]utils|tslib|use-callback-ref)[\\/]/,
              priority: 1,
            },
            // The sign-in page's first load in a dozen files rather than thirty (ADR 003): the Mantine parts every
            // first load draws, what the logged-out forms share, the brand mark, the router, TanStack Query.
            {
              name: 'mantine',
              test: (id) =>
                ids(
                  `node_modules/@mantine/core/esm/(core|components/(${FIRST_LOAD_MANTINE.join('|')}))/`,
                ).test(id) && !ids(`core/utils/(${SIGNED_IN_MANTINE_UTILS.join('|')})/`).test(id),
            },
            {
              name: 'auth-forms',
              // Their libraries stay in the groups above and below (a group takes its modules' imports in too).
              includeDependenciesRecursively: false,
              test: ids(
                String.raw`src/(features/auth/(social-buttons|oauth-warning|use-typed-before-hydration)|components/form-alert)\.tsx?$|@tabler/icons-react/dist/esm/icons/IconBrand(Google|Discord)Filled\.mjs$`,
              ),
            },
            {
              // The brand mark, and the icons the entry draws that the social sign-in buttons draw too.
              name: 'brand',
              includeDependenciesRecursively: false,
              test: ids(
                String.raw`src/(components/(brand-mark|first-load-icons)|lib/(brand|server-page))\.tsx?$`,
              ),
            },
            { name: 'router', test: ids('node_modules/react-router/') },
            {
              name: 'query',
              // But its infinite lists, which only some screens use.
              test: (id) =>
                ids('node_modules/@tanstack/(query-core|react-query)/').test(id) &&
                !/(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$/.test(id),
            },
            // A signed-in first load in a few files rather than sixty: a browser asks a server for at most six at
            // a time over HTTP/1.1, so each further file waits its turn (issue #18, Lighthouse on the dashboard).
            {
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: ids(String.raw`src/(${SIGNED_IN_APP.join('|')})(\.module\.css|\.tsx?)$`),
            },
            {
              name: 'signed-in-ui',
              includeDependenciesRecursively: false,
              test: (id) =>
                ids(`node_modules/@mantine/core/esm/components/(${SIGNED_IN_MANTINE.join('|')})/`).test(id) ||
                ids(`node_modules/@mantine/core/esm/core/utils/(${SIGNED_IN_MANTINE_UTILS.join('|')})/`).test(
                  id,
                ) ||
                ids(`node_modules/@mantine/hooks/esm/(${SIGNED_IN_HOOKS.join('|')})/`).test(id) ||
                ids('node_modules/@tabler/icons-react/dist/esm/').test(id),
            },
            {
              name: 'signed-in-contract',
              includeDependenciesRecursively: false,
              test: ids(String.raw`packages/contract/src/(${SIGNED_IN_CONTRACT.join('|')})\.ts$`),
            },
            {
              name: 'floating-ui',
              test: /node_modules[\\/]@floating-ui[\\/](core|dom|react|react-dom)[\\/]/,
            },
            {
              name: 'remove-scroll',
              test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|get-nonce)[\\/]/,
            },
          ],
        },
      },
    },
  },
  // `source` for the contract here too; React, Mantine and the rest stay imports of node_modules.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
}));
