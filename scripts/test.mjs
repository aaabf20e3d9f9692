#!/usr/bin/env node
// `npm test`: every test: unit, API on PGlite and on PostgreSQL, then the browser tests on the built app.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIsStale } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command, args, env = {}) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.error(`The API tests also run on PostgreSQL, which is not reachable at ${pgUrl} (${error.message}).`);
  console.error('Start PostgreSQL on 127.0.0.1:5432 (see README, "Tests"), or set TEST_DATABASE_URL.');
  process.exit(1);
}

if (buildIsStale(root)) run('npm', ['run', 'build']);
run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
