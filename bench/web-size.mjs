import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { row } from './measure.mjs';

const BUDGET_KIB = 120;

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
    .filter((k) => manifest[k].isDynamicEntry)
    .map((k) => ({ route: k.replace(/^src\//, ''), kib: kib(closure(k, new Set(entry))) }))
    .sort((a, b) => a.kib - b.kib);
  return { entryKib: kib(entry), routes };
};

const webSizes = (root) => sizesOf(join(root, 'apps/web/dist'));

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
  const { entryKib, routes } = webSizes(root);
  console.log('\nDashboard first-load JS (gzip), entry + route chunk:');
  row('entry only', `${entryKib.toFixed(1)} KiB`);
  for (const r of routes) row(r.route, `${r.kib.toFixed(1)} KiB`);
  const signIn = routes.filter((r) => /sign-in/.test(r.route));
  if (signIn.length === 0) throw new Error('no sign-in route chunk found in the manifest');
  const worst = Math.max(...signIn.map((r) => r.kib));
  const floor = await floorKib(root);
  row(
    'mandated libraries alone (reference)',
    `${floor.toFixed(1)} KiB`,
    `${(floor / BUDGET_KIB).toFixed(2)} of ${BUDGET_KIB} KiB`,
  );
  const ok = worst <= BUDGET_KIB;
  row(
    'BUDGET sign-in first load',
    `${worst.toFixed(1)} KiB`,
    `${(worst / BUDGET_KIB).toFixed(2)} of ${BUDGET_KIB} KiB ${ok ? 'OK' : 'OVER'}, ${(worst / floor).toFixed(2)}× the libraries alone`,
  );
  return ok;
};
