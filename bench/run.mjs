#!/usr/bin/env node
// `npm run bench`: the performance budgets of the issues, each as a ratio to a baseline of the same run.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../scripts/build-state.mjs';
import { reportAccounts } from './accounts.mjs';
import { reportConsole } from './console.mjs';
import { reportShop } from './shop.mjs';
import { reportThroughput } from './api-throughput.mjs';
import { reportDashboardApi } from './api-dashboard.mjs';
import { reportColdStart } from './cold-start.mjs';
import { reportGateway } from './gateway.mjs';
import { reportJobs } from './jobs.mjs';
import { reportSubusers } from './subusers.mjs';
import { reportUsage } from './usage.mjs';
import { reportLighthouse } from './lighthouse.mjs';
import { reportMemory } from './memory.mjs';
import { reportNavigation } from './navigation.mjs';
import { reportWebSizes } from './web-size.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureBuilt(root);

// `npm run bench -- usage`: the usage-at-scale part alone (it needs PostgreSQL on 127.0.0.1:5432).
if (process.argv[2] === 'usage') {
  const met = await reportUsage({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' });
  process.exit(met ? 0 : 1);
}

// `npm run bench -- subusers`: issue #31's sub-user budgets alone (PostgreSQL on 127.0.0.1:5432).
if (process.argv[2] === 'subusers') {
  const met = await reportSubusers({ serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres' });
  process.exit(met ? 0 : 1);
}

// `npm run bench -- memory [--minutes N]`: resident memory of a small server (issue #29 item 8), PostgreSQL too.
if (process.argv[2] === 'memory') {
  const at = process.argv.indexOf('--minutes');
  const minutes = at > 0 ? Number(process.argv[at + 1]) : 1;
  if (!(minutes > 0)) throw new Error('--minutes takes a number of minutes above 0');
  const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  process.exit((await reportMemory({ root, serverUrl, minutes })) ? 0 : 1);
}

/** A database of its own on the local PostgreSQL, made anew for each run. */
const benchDatabase = async () => {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists proxydesk_bench with (force)');
  await admin.query('create database proxydesk_bench');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/proxydesk_bench';
};
// `npm run bench -- jobs`: the job runner's budgets alone.
if (process.argv[2] === 'jobs') {
  const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  const met = await reportJobs({ postgresUrl: await benchDatabase(), serverUrl });
  process.exit(met ? 0 : 1);
}

// `npm run bench -- console`: the operator console's budget alone (issue #17).
if (process.argv[2] === 'console') {
  const met = await reportConsole({ serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres' });
  process.exit(met ? 0 : 1);
}

/** Issue #18 item 5: the authenticated dashboard GETs against a hand-written reference, on both databases. */
const dashboardApi = async (postgresUrl) => [
  await reportDashboardApi({ label: 'PGlite' }),
  postgresUrl
    ? await reportDashboardApi({ label: 'PostgreSQL', databaseUrl: postgresUrl })
    : (console.log('  (PostgreSQL skipped: not reachable on 127.0.0.1:5432)'), true),
];

// `npm run bench -- api`: the API's budgets alone (issue #18 item 5).
if (process.argv[2] === 'api') {
  const met = await dashboardApi(await benchDatabase().catch(() => undefined));
  process.exit(met.every(Boolean) ? 0 : 1);
}

// `npm run bench -- navigation`: page switches in the signed-in app alone (issue #18).
if (process.argv[2] === 'navigation') process.exit((await reportNavigation()) ? 0 : 1);
// `npm run bench -- web-size` and `npm run bench -- lighthouse`: the first loads' sizes, Lighthouse (issue #18).
if (process.argv[2] === 'web-size') process.exit((await reportWebSizes(root)) ? 0 : 1);
if (process.argv[2] === 'lighthouse') process.exit((await reportLighthouse()) ? 0 : 1);

const results = [];
results.push(await reportWebSizes(root));
results.push(await reportLighthouse());
results.push(await reportNavigation());
await reportThroughput('PGlite', {});
const postgresUrl = await benchDatabase().catch(() => undefined);
if (postgresUrl) await reportThroughput('PostgreSQL', { databaseUrl: postgresUrl });
else console.log('  (PostgreSQL skipped: not reachable on 127.0.0.1:5432)');
results.push(...(await dashboardApi(postgresUrl)));
await reportAccounts({ label: 'PGlite' });
if (postgresUrl) await reportAccounts({ label: 'PostgreSQL', databaseUrl: postgresUrl });
results.push(await reportShop({ label: 'PGlite' }));
if (postgresUrl) results.push(await reportShop({ label: 'PostgreSQL', databaseUrl: postgresUrl }));
results.push(await reportColdStart(root));
if (postgresUrl) results.push(await reportGateway({ databaseUrl: postgresUrl }));
else console.log('\n  (gateway budget skipped: it needs PostgreSQL on 127.0.0.1:5432)');
if (postgresUrl)
  results.push(await reportSubusers({ serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
if (postgresUrl) results.push(await reportUsage({ databaseUrl: postgresUrl }));
if (postgresUrl)
  results.push(await reportConsole({ serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
results.push(
  await reportJobs({ postgresUrl, serverUrl: postgresUrl && 'postgres://postgres@127.0.0.1:5432/postgres' }),
);

console.log(results.every(Boolean) ? '\nAll budgets met.' : '\nSome budgets are OVER.');
process.exitCode = results.every(Boolean) ? 0 : 1;
