import { fileURLToPath } from 'node:url';
import { interleaved, median, row } from './measure.mjs';
import { bulkMiBps, runTunnels } from './proxies/client.mjs';
import { startDante } from './proxies/dante.mjs';
import { startNodeRelay } from './proxies/node-relay.mjs';
import {
  BENCH_CREDENTIALS,
  GATEWAY_SCRIPT,
  dropGatewayDatabase,
  gatewayBuilt,
  prepareGatewayDatabase,
  startGateway,
} from './proxies/gateway.mjs';
import { ensureBaselinesInstalled } from './proxies/install.mjs';
import { treeCpuMs } from './proxies/processes.mjs';
import { startSquid } from './proxies/squid.mjs';
import { startTarget } from './proxies/target.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const TUNNEL_BYTES = 1024;
// Twice the thousand of the budget per round: the kernel counts CPU in 10 ms ticks, a few percent of a batch.
const TUNNELS_PER_ROUND = 2000;
const TUNNELS_IN_FLIGHT = 20;
const CPU_ROUNDS = 9;
const BULK_BYTES = 256 * 2 ** 20;
const BULK_ROUNDS = 9;
const METERING_ROUNDS = 7;
const WARM_UP_TUNNELS = 1000;
const WARM_UP_TRANSFERS = 5;
// A pause before each transfer: the proxy measured just before (its GC, its sockets' teardown) must not
// still be busy on another core while the next one is timed.
const SETTLE_MS = 100;

/** `work()`, its failure named after the proxy and protocol it went through. */
const through = async (proxy, work) => {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${proxy.name} (${proxy.client.protocol}): ${error.message}`);
  }
};

const tunnels = (proxy, echoPort, count) =>
  through(proxy, () =>
    runTunnels(proxy.client, echoPort, { count, inFlight: TUNNELS_IN_FLIGHT, bytes: TUNNEL_BYTES }),
  );

const transfer = async (proxy, bulkPort) => {
  await sleep(SETTLE_MS);
  return through(proxy, () => bulkMiBps(proxy.client, bulkPort, BULK_BYTES));
};

/** Tunnels and transfers before anything is measured: the gateway's JIT, squid's auth helper. */
const warmUp = async (
  proxy,
  { echoPort, bulkPort },
  { tunnelCount = WARM_UP_TUNNELS, transfers = WARM_UP_TRANSFERS } = {},
) => {
  await tunnels(proxy, echoPort, tunnelCount);
  for (let i = 0; i < transfers; i += 1) await transfer(proxy, bulkPort);
};

/** CPU milliseconds of `proxy`'s whole process tree per 1,000 short tunnels, over one round. */
const tunnelCpuMs = async (proxy, echoPort) => {
  const before = treeCpuMs(proxy.pid);
  await tunnels(proxy, echoPort, TUNNELS_PER_ROUND);
  return ((treeCpuMs(proxy.pid) - before) * 1000) / TUNNELS_PER_ROUND;
};

/**
 * Tunnel CPU of the gateway and of squid in interleaved rounds, and of the bare Node relay in the same rounds:
 * how far Node's own sockets are from squid on this machine, under the gateway's work.
 */
const tunnelCpuOf = async ({ gateway, squid, nodeRelay }, echoPort) => {
  const proxies = [gateway, squid, nodeRelay];
  const figures = proxies.map(() => []);
  for (let i = 0; i < CPU_ROUNDS; i += 1)
    for (const [k, proxy] of proxies.entries()) figures[k].push(await tunnelCpuMs(proxy, echoPort));
  const [subject, baseline, floor] = figures.map(median);
  return { subject, baseline, ratio: subject / baseline, floor };
};

const viaConnect = (server) => ({
  ...server,
  client: { port: server.port, protocol: 'connect', credentials: BENCH_CREDENTIALS },
});
const viaSocks = (server, credentials) => ({
  ...server,
  client: { port: server.port, protocol: 'socks5', credentials },
});

/**
 * CONNECT bulk MiB/s of a gateway process started for this round alone: the median of three transfers after a
 * warm-up. The same build's single-stream throughput differs by up to 2x from one process to the next (heap
 * and allocator state: twice the page faults and GC wake-ups per byte in the slow ones), so a single pair of
 * long-lived processes would compare two draws of that, not metering on and off.
 */
const freshGatewayMiBps = async (gatewayDatabase, metering, target) => {
  const gateway = await startGateway({ root, databaseUrl: gatewayDatabase, metering });
  try {
    const proxy = viaConnect(gateway);
    await warmUp(proxy, target, { tunnelCount: 200, transfers: 2 });
    const figures = [];
    for (let i = 0; i < 3; i += 1) figures.push(await transfer(proxy, target.bulkPort));
    return median(figures);
  } finally {
    await gateway.stop();
  }
};

/** Every comparison of the budget. */
const measure = async ({ squid, dante, nodeRelay, gateway, gatewayDatabase }, target) => {
  const [squidConnect, gatewayConnect] = [viaConnect(squid), viaConnect(gateway)];
  const [danteSocks, gatewaySocks] = [viaSocks(dante), viaSocks(gateway, BENCH_CREDENTIALS)];
  const nodeConnect = viaConnect(nodeRelay);
  for (const proxy of [squidConnect, gatewayConnect, danteSocks, gatewaySocks]) await warmUp(proxy, target);
  await warmUp(nodeConnect, target, { transfers: 0 });
  const bulk = (proxy) => () => transfer(proxy, target.bulkPort);
  const connect = await interleaved(BULK_ROUNDS, bulk(gatewayConnect), bulk(squidConnect));
  const socks = await interleaved(BULK_ROUNDS, bulk(gatewaySocks), bulk(danteSocks));
  const tunnelCpu = await tunnelCpuOf(
    { gateway: gatewayConnect, squid: squidConnect, nodeRelay: nodeConnect },
    target.echoPort,
  );
  const metering = await interleaved(
    METERING_ROUNDS,
    () => freshGatewayMiBps(gatewayDatabase, true, target),
    () => freshGatewayMiBps(gatewayDatabase, false, target),
  );
  return { tunnelCpu, connect, socks, metering };
};

const mibps = (value) => `${value.toFixed(0)} MiB/s`;
const ratioNote = (ratio) => `ratio ${ratio.toFixed(2)} of baseline`;

/** Prints the figures and the four budget lines of the issue; true when all are met. */
const report = ({ tunnelCpu, connect, socks, metering }) => {
  row('squid CPU per 1,000 tunnels (baseline)', `${tunnelCpu.baseline.toFixed(0)} ms CPU`);
  row('gateway CPU per 1,000 tunnels', `${tunnelCpu.subject.toFixed(0)} ms CPU`, ratioNote(tunnelCpu.ratio));
  row(
    'bare Node relay CPU per 1,000 (reference)',
    `${tunnelCpu.floor.toFixed(0)} ms CPU`,
    `${ratioNote(tunnelCpu.floor / tunnelCpu.baseline)}: Node's own floor`,
  );
  row('squid CONNECT bulk (baseline)', mibps(connect.baseline));
  row('gateway CONNECT bulk', mibps(connect.subject), ratioNote(connect.ratio));
  row('dante SOCKS5 bulk, no auth (baseline)', mibps(socks.baseline));
  row('gateway SOCKS5 bulk, username/password', mibps(socks.subject), ratioNote(socks.ratio));
  row('fresh gateways, metering off (baseline)', mibps(metering.baseline));
  row('fresh gateways, metering on', mibps(metering.subject), ratioNote(metering.ratio));
  const cost = (1 - metering.ratio) * 100;
  const budgets = [
    ['tunnel CPU vs squid', tunnelCpu.ratio.toFixed(2), 'at most 1.10', tunnelCpu.ratio <= 1.1],
    ['CONNECT bulk vs squid', connect.ratio.toFixed(2), 'at least 0.80', connect.ratio >= 0.8],
    ['SOCKS5 bulk vs dante', socks.ratio.toFixed(2), 'at least 0.80', socks.ratio >= 0.8],
    ['metering cost', `${cost.toFixed(1)} %`, 'under 5 %', cost < 5],
  ];
  for (const [name, value, limit, ok] of budgets)
    row(`BUDGET ${name}`, value, `${limit} ${ok ? 'OK' : 'OVER'}`);
  return budgets.every(([, , , ok]) => ok);
};

/** Starts everything the comparison needs, recording each piece in `running` to stop it whatever happens. */
const startAll = async (databaseUrl, running) => {
  const started = async (piece) => {
    const value = await piece;
    running.push(value);
    return value;
  };
  const target = await started(startTarget({ echoBytes: TUNNEL_BYTES, bulkBytes: BULK_BYTES }));
  const gatewayDatabase = await prepareGatewayDatabase(databaseUrl);
  const squid = await started(startSquid(BENCH_CREDENTIALS));
  const dante = await started(startDante());
  const nodeRelay = await started(startNodeRelay(BENCH_CREDENTIALS));
  const gateway = await started(startGateway({ root, databaseUrl: gatewayDatabase, metering: true }));
  return { target, servers: { squid, dante, nodeRelay, gateway, gatewayDatabase } };
};

/**
 * Issue #6's budget: the proxy gateway beside squid (HTTP CONNECT, basic auth) and dante (SOCKS5) on
 * loopback, same run, medians of interleaved rounds. `databaseUrl` names the PostgreSQL server; the gateway
 * gets a fresh database of its own beside it, dropped at the end.
 */
export const reportGateway = async ({ databaseUrl }) => {
  console.log(
    `\nProxy gateway beside squid and dante (loopback; 1 KiB tunnels, single-stream ${BULK_BYTES / 2 ** 20} MiB bulk; medians of interleaved rounds):`,
  );
  if (!gatewayBuilt(root)) {
    console.log(`  (gateway budget not measured: ${GATEWAY_SCRIPT} is missing, run npm run build:server)`);
    return false;
  }
  if (!ensureBaselinesInstalled()) return false;
  const running = [];
  try {
    const { target, servers } = await startAll(databaseUrl, running);
    return report(await measure(servers, target));
  } catch (error) {
    // A gateway that refuses or drops tunnels fails its budget; what it printed says why.
    console.log(`  (gateway budget not measured: ${error.message})`);
    for (const piece of running)
      if (piece.output?.()) console.log(`  ${piece.name} printed: ${piece.output().slice(-600)}`);
    return false;
  } finally {
    for (const piece of running.reverse()) await piece.stop();
    await dropGatewayDatabase(databaseUrl).catch((error) =>
      console.log(`  (gateway database left behind: ${error.message})`),
    );
  }
};
