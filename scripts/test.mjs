#!/usr/bin/env node
// `npm test`: every test: unit, API on PGlite and on PostgreSQL, then the browser tests on the built app.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureBuilt } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Runs one test runner; whether it passed is counted at the end. */
const run = (command, args, env = {}) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0
  );
};

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.error(
    `The API tests also run on PostgreSQL, which is not reachable at ${pgUrl} (${error.message}).`,
  );
  console.error('Start PostgreSQL on 127.0.0.1:5432 (see README, "Tests"), or set TEST_DATABASE_URL.');
  process.exit(1);
}

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, {
  lazyConnect: true,
  connectTimeout: 3000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
try {
  await redis.connect();
  await redis.ping();
  redis.disconnect();
} catch (error) {
  redis.disconnect();
  console.error(`The rate-limit tests use Redis, which is not reachable at ${redisUrl} (${error.message}).`);
  console.error('Start Redis on 127.0.0.1:6379 (see README, "Tests"), or set TEST_REDIS_URL.');
  process.exit(1);
}

ensureBuilt(root);

// Both runners also write JSON, so the run ends with one plain total line.
const reports = join(root, 'artifacts', 'test-reports');
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const results = [];
results.push(
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
);
results.push(
  run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  }),
);

const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightReport, 'utf8'));
const passed = vitest.numPassedTests + playwright.stats.expected;
// A test file that fails to load (failed, with no failed test in it) counts as a failure too.
const unloaded = vitest.testResults.filter(
  (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
).length;
const failed = vitest.numFailedTests + unloaded + playwright.stats.unexpected + playwright.stats.flaky;
console.log(`\nvitest ${vitest.numPassedTests} passed, playwright ${playwright.stats.expected} passed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((ok) => ok) && failed === 0 ? 0 : 1);
