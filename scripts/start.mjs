#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the whole shop: web, API and proxy gateway. In
// production it never builds in place (a build takes about 1 GB and minutes on the serving machine): the owner
// runs `npm run build` as a step of the upgrade, and a start on a missing or stale build stops (issue #29 item 6).
import { fileURLToPath } from 'node:url';
import { buildIsStale, ensureBuilt } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (process.env.NODE_ENV === 'production') {
  if (buildIsStale(root)) {
    console.error(
      'Cannot start: the build is missing or older than the sources, and npm start does not build in production: run `npm run build` first (README, "Upgrades").',
    );
    process.exit(1);
  }
} else ensureBuilt(root);
await import('./serve.mjs');
