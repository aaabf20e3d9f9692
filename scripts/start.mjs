#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the whole shop: web, API and proxy gateway.
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-state.mjs';

ensureBuilt(fileURLToPath(new URL('..', import.meta.url)));
await import('./serve.mjs');
