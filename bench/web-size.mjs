import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { row } from './measure.mjs';

/** Issue #18: the sign-in budget re-set to about 1.05× the floor of the mandated libraries (ADR 003). */
const BUDGET_KIB = 130;
/**
 * Issue #18: the signed-in dashboard's first load: the entry, the access check's call, the signed-in start, routes
 * and app layout, and the dashboard page (what src/prerender.tsx preloads in the dashboard's shell).
 */
const SHELL_JS_KIB = 170;
const SHELL_CSS_KIB = 40;
const SHELL_MODULES = [
  'src/lib/first-checks.ts',
  'src/app/signed-in-start.ts',
  'src/app/app-routes.tsx',
  'src/app/layouts/app-layout.tsx',
  'src/app/pages/dashboard.tsx',
];
/** The usage chart (recharts) loads after a product page's figures, never with a first load. */
const CHART_MODULE = 'src/features/proxies/usage-chart.tsx';

/**
 * First-load JS per route of a Vite build, from its manifest: the entry's static imports plus the
 * route's lazy chunk and its static imports, gzip-compressed.
 */
const sizesOf = (dist) => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const size = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure(entryKey);
  const kib = (files) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0) / 1024;
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k !== CHART_MODULE)
    .map((k) => ({ route: k.replace(/^src\//, ''), files: closure(k, new Set(entry)) }))
    .map(({ route, files }) => ({ route, files, kib: kib(files) }))
    .sort((a, b) => a.kib - b.kib);
  const chartFile = manifest[CHART_MODULE]?.file;
  const shellFiles = SHELL_MODULES.reduce((files, k) => closure(k, files), new Set(entry));
  const css = new Set(
    Object.values(manifest)
      .filter((chunk) => shellFiles.has(chunk.file))
      .flatMap((chunk) => chunk.css ?? []),
  );
  return {
    entryKib: kib(entry),
    routes,
    shell:
      shellFiles.size > entry.size
        ? { js: kib(shellFiles), css: [...css].reduce((sum, f) => sum + size(f), 0) / 1024 }
        : null,
    chartInFirstLoad: chartFile ? routes.filter((r) => r.files.has(chartFile)).map((r) => r.route) : [],
  };
};

const webDist = (root) => join(root, 'apps/web/dist');
const webSizes = (root) => sizesOf(webDist(root));

/** The classic script every page runs before its first paint (apps/web/public/start.js, minified by the build). */
const startScriptKib = (root) =>
  gzipSync(readFileSync(join(webDist(root), 'start.js')), { level: 9 }).length / 1024;

/**
 * The floor under the budget: bench/web-floor is a sign-in card built with only the libraries
 * DESIGN.md §6 mandates (React 19, React Router 7, TanStack Query 5, Mantine 9 with its form and
 * zod), built here with the same Vite.
 */
const floorKib = async (root) => {
  const outDir = mkdtempSync(join(tmpdir(), 'proxydesk-web-floor-'));
  try {
    await build({
      root: join(root, 'bench/web-floor'),
      configFile: false,
      logLevel: 'silent',
      build: { outDir, manifest: true },
    });
    const { routes } = sizesOf(outDir);
    return routes[0].kib;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

export const reportWebSizes = async (root) => {
  const { entryKib, routes, shell, chartInFirstLoad } = webSizes(root);
  console.log('\nDashboard first-load JS (gzip), entry + route chunk:');
  row('entry only', `${entryKib.toFixed(1)} KiB`);
  for (const r of routes) row(r.route, `${r.kib.toFixed(1)} KiB`);
  const signIn = routes.filter((r) => /sign-in/.test(r.route));
  if (signIn.length === 0) throw new Error('no sign-in route chunk found in the manifest');
  // The sign-in page's modules and the script that starts them (ADR 012).
  const startKib = startScriptKib(root);
  row('start.js (before the first paint)', `${startKib.toFixed(1)} KiB`);
  const worst = Math.max(...signIn.map((r) => r.kib)) + startKib;
  const floor = await floorKib(root);
  row(
    'mandated libraries alone (reference)',
    `${floor.toFixed(1)} KiB`,
    `${(floor / BUDGET_KIB).toFixed(2)} of ${BUDGET_KIB} KiB`,
  );
  const signInOk = worst <= BUDGET_KIB;
  row(
    'BUDGET sign-in first load',
    `${worst.toFixed(1)} KiB`,
    `${(worst / BUDGET_KIB).toFixed(2)} of ${BUDGET_KIB} KiB ${signInOk ? 'OK' : 'OVER'}, ${(worst / floor).toFixed(2)}× the libraries alone`,
  );
  if (!shell) throw new Error('no app layout or dashboard chunk found in the manifest');
  const shellOk = shell.js <= SHELL_JS_KIB && shell.css <= SHELL_CSS_KIB;
  row(
    'BUDGET dashboard first load (JS, CSS)',
    `${shell.js.toFixed(1)} KiB, ${shell.css.toFixed(1)} KiB`,
    `of ${SHELL_JS_KIB} and ${SHELL_CSS_KIB} KiB ${shellOk ? 'OK' : 'OVER'}`,
  );
  const chartOk = chartInFirstLoad.length === 0;
  row(
    'BUDGET usage chart out of every first load',
    chartOk ? 'out' : `in ${chartInFirstLoad.join(', ')}`,
    chartOk ? 'OK' : 'OVER',
  );
  return signInOk && shellOk && chartOk;
};
