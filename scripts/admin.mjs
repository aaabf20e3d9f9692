#!/usr/bin/env node
// `npm run admin -- <command>`: the operator's command line, built first when needed.
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-state.mjs';

ensureBuilt(fileURLToPath(new URL('..', import.meta.url)), { quiet: true });
await import('../apps/api/dist/cli/main.js');
