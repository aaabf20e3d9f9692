#!/usr/bin/env node
// Serves the bench app with one buying customer, for a CPU profile of the API under load (ADR 008):
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/api-profile.mjs [postgres://…]
// prints the URL and a token, loads /v1/user/dashboard-stats and /v1/user/dashboard with autocannon in a child
// process (10 connections, 10 s each), then exits so that the profile is written.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buyingCustomer, startBenchApp } from './app.mjs';

const databaseUrl = process.argv[2];
const shop = await startBenchApp({ databaseUrl, env: { CAPTCHA_PROVIDER: 'off' } });
const { headers } = await buyingCustomer(shop, 'profiled', ['PR_2', 'PR_4', 'PR_5', 'PR_6']);
const autocannon = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
for (const path of ['/v1/user/dashboard-stats', '/v1/user/dashboard']) {
  // Async so that this process keeps answering while the child loads it.
  await new Promise((resolve) => {
    const args = [
      '-c',
      '10',
      '-d',
      '10',
      '-H',
      `authorization=${headers.authorization}`,
      `${shop.url}${path}`,
    ];
    spawn(autocannon, args, { stdio: ['ignore', 'inherit', 'inherit'] }).on('exit', resolve);
  });
}
await shop.close();
process.exit(0);
