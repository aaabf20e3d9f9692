#!/usr/bin/env node
// Part of `npm run build`: writes a migrated, empty PGlite database beside the built server, so the
// first `npm start` on a new DATA_DIR loads it instead of running PGlite's slow initdb.
import { writeFile } from 'node:fs/promises';
import { migrate, openPglite } from '../packages/db/dist/index.js';

const target = new URL('../apps/api/dist/seed-db.tar.gz', import.meta.url);
const database = await openPglite({});
await migrate(database);
const dump = await database.pglite.dumpDataDir('gzip');
await writeFile(target, Buffer.from(await dump.arrayBuffer()));
await database.close();
console.log(`Wrote ${target.pathname} (${Math.round(dump.size / 1024)} KiB)`);
