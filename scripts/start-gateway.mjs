#!/usr/bin/env node
// `npm run start:gateway`: the proxy gateway alone, for more gateway machines over the same PostgreSQL.
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-state.mjs';

ensureBuilt(fileURLToPath(new URL('..', import.meta.url)));
await import('../apps/gateway/dist/server.js');
