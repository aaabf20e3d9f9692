import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { row } from './measure.mjs';

/**
 * First-load JS per route, from Vite's build manifest: the entry's static imports plus the route's
 * lazy chunk and its static imports, gzip-compressed.
 */
export const webSizes = (root) => {
  const dist = join(root, 'apps/web/dist');
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
  const kib = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0) / 1024;
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .map((k) => ({ route: k.replace(/^src\//, ''), kib: kib(closure(k, new Set(entry))) }))
    .sort((a, b) => a.kib - b.kib);
  return { entryKib: kib(entry), routes };
};

export const reportWebSizes = (root) => {
  const { entryKib, routes } = webSizes(root);
  console.log('\nDashboard first-load JS (gzip), entry + route chunk:');
  row('entry only', `${entryKib.toFixed(1)} KiB`);
  for (const r of routes) row(r.route, `${r.kib.toFixed(1)} KiB`);
  const signIn = routes.filter((r) => /sign-in/.test(r.route));
  if (signIn.length === 0) throw new Error('no sign-in route chunk found in the manifest');
  const worst = Math.max(...signIn.map((r) => r.kib));
  row('BUDGET sign-in first load', `${worst.toFixed(1)} KiB`, `${(worst / 120).toFixed(2)} of 120 KiB ${worst <= 120 ? 'OK' : 'OVER'}`);
  return worst <= 120;
};
