#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the whole shop (web + API) in one process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (buildIsStale(root)) {
  console.log('Building ProxyDesk (first start or sources changed)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../apps/api/dist/server.js');
