#!/usr/bin/env node
// `npm run bench:cluster`: issue #14's "Scale, proven". Two API instances and two gateways over one
// PostgreSQL database and one Redis, behind HAProxy, used by simulated customers while the database is cut
// and an API instance is killed. Not part of `npm test`: it takes minutes and the whole machine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../scripts/build-state.mjs';
import { installMissing } from '../proxies/install.mjs';
import { accepts } from '../proxies/processes.mjs';
import { createCustomers } from './customers.mjs';
import { onDatabase } from '../fresh-database.mjs';
import { customerList, dropDatabase, prepareDatabase, readOutcome } from './database.mjs';
import { HAPROXY, startHaproxy, watchServers } from './haproxy.mjs';
import { DATABASE_NAME, PORTS, readOptions } from './options.mjs';
import { runOutages } from './outage.mjs';
import {
  createFleet,
  SANDBOX_WEBHOOK_SECRET,
  startApi,
  startGatewayProcess,
  probe,
  startRedis,
  statusOf,
  trackCpu,
} from './processes.mjs';
import { createProvider } from './provider.mjs';
import { printReport } from './report.mjs';
import { createStats } from './stats.mjs';
import { startTarget } from './target.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const options = readOptions();

const missing = installMissing([
  [HAPROXY, 'haproxy'],
  ['/usr/bin/redis-server', 'redis-server'],
]);
if (missing.length > 0) {
  console.error(
    `bench:cluster needs Debian's ${missing.join(' and ')}: apt-get install ${missing.join(' ')}`,
  );
  process.exit(2);
}
const taken = [];
for (const port of Object.values(PORTS).flat()) if (await accepts(port)) taken.push(port);
if (taken.length > 0) {
  console.error(`bench:cluster: ports ${taken.join(', ')} are in use (another bench:cluster running?)`);
  process.exit(2);
}
ensureBuilt(root);

const logDir = mkdtempSync(join(tmpdir(), 'proxydesk-cluster-'));
let started = 0;
const clock = () => (started ? (performance.now() - started) / 1000 : 0);
const fleet = createFleet({ root, logDir, clock });
let target;

/** Whatever happened: every process stopped, the database open again, then dropped unless kept. */
const cleanUp = async () => {
  await fleet.stopAll();
  await target?.close();
  await dropDatabase(options.postgresUrl, { keep: options.keepDatabase });
};
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

let held = false;
try {
  console.log(`Preparing database ${DATABASE_NAME} with ${options.customers} customers; logs in ${logDir}`);
  const customers = customerList(options.customers);
  const databaseUrl = await prepareDatabase(options.postgresUrl, customers);
  target = await startTarget(PORTS.target);
  await startRedis(fleet);
  // One after the other, as a rolling deploy starts them.
  for (const i of [0, 1]) await startApi(fleet, i, databaseUrl);
  for (const i of [0, 1]) await startGatewayProcess(fleet, i, databaseUrl);
  // HAProxy checks readiness where the API has it (issue #14 §5), liveness otherwise.
  const readiness = await probe(PORTS.apis[0], '/readyz');
  const healthPath = readiness.status === 200 && readiness.json ? '/readyz' : '/healthz';
  await startHaproxy(fleet, logDir, healthPath);
  const watcher = watchServers(clock);
  for (let i = 0; i < 100 && (await statusOf(PORTS.shop, '/healthz')) !== 200; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cut =
    options.cutAt === undefined
      ? 'no database cut'
      : `database cut at ${options.cutAt.toFixed(0)} s for ${options.outageSeconds} s`;
  const kill = options.killAt === undefined ? 'no kill' : `api-2 killed at ${options.killAt.toFixed(0)} s`;
  console.log(`Running: ${options.seconds} s, ${cut}, ${kill} (HAProxy checks ${healthPath})`);

  started = performance.now();
  const cpuUse = trackCpu(fleet);
  const stats = createStats(clock);
  const provider = createProvider({ port: PORTS.shop, secret: SANDBOX_WEBHOOK_SECRET, stats });
  const people = createCustomers({
    customers,
    shopPort: PORTS.shop,
    targetPort: PORTS.target,
    stats,
    provider,
  });
  const events = [];
  const outages = runOutages({ options, fleet, clock, events });
  await people.run({ concurrency: options.concurrency, until: () => clock() >= options.seconds });
  const loadSeconds = clock();
  const cpu = cpuUse.stop();
  await outages;
  await provider.settle(30_000);
  const exits = fleet.unexpectedExits();
  // The gateways write their last counts as they stop.
  for (const name of ['gateway-1', 'gateway-2']) {
    fleet.expectExit(name);
    await fleet.member(name).started.stop();
  }
  await watcher.stop();
  const moved = target.moved();
  const outcome = await readOutcome(onDatabase(options.postgresUrl, DATABASE_NAME), provider.takenIds());
  held = printReport({
    options,
    run: { loadSeconds, sessions: people.sessions(), served: people.served(), cpu },
    events,
    changes: watcher.changes,
    exits,
    stats,
    outcome,
    moved,
    provider,
  });
  console.log(`Logs of every process: ${logDir}`);
} catch (error) {
  console.error(`bench:cluster could not run: ${error.stack ?? error}`);
  console.error(`Logs of every process: ${logDir}`);
} finally {
  await cleanUp();
}
process.exit(held ? 0 : 1);
