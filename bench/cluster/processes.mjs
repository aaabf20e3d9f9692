import { createWriteStream, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { accepts, launch, treeCpuMs, waitUntilReady } from '../proxies/processes.mjs';
import { PORTS } from './options.mjs';

/** Shared by every API instance: proof-of-work challenges and sandbox events verify on any of them. */
export const SANDBOX_WEBHOOK_SECRET = 'cluster-bench-sandbox-secret-0123456789';
const POW_SECRET = 'cluster-bench-pow-secret-0123456789';

/** GET `path` on 127.0.0.1:`port`: its status (0 when nothing answers within 2 s) and whether it is JSON. */
export const probe = (port, path) =>
  new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, timeout: 2000 }, (response) => {
      response.resume();
      const json = String(response.headers['content-type'] ?? '').includes('json');
      resolve({ status: response.statusCode ?? 0, json });
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, json: false }));
  });

export const statusOf = async (port, path) => (await probe(port, path)).status;

/** Why a process ended, from its log: the first error it wrote (a pino JSON line, or Node's own report). */
export const exitReason = (logFile) => {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 50)
          return [entry.msg, entry.err?.message].filter(Boolean).join(': ').slice(0, 160);
      } catch {
        // a line cut short
      }
    } else if (/^(\w*Error|error): /.test(line)) return line.slice(0, 160);
  }
  return '';
};

/**
 * The processes of the cluster, each logging to a file of its own in `logDir`. Every exit is noted with its
 * time; `expectExit(name)` marks the ones the bench causes, so that the others count against the shop.
 */
export const createFleet = ({ root, logDir, clock }) => {
  const members = new Map();

  const start = async (name, command, args, { env, ready, readyMs }) => {
    const log = createWriteStream(join(logDir, `${name}.log`));
    // Ten seconds to stop: a gateway writes its last counts, an API instance finishes its requests.
    const started = launch(command, args, { cwd: root, env: { ...process.env, ...env }, graceMs: 10_000 });
    started.child.stdout.pipe(log);
    started.child.stderr.pipe(log);
    const member = { name, started, expected: false, exit: undefined };
    started.child.once('exit', (code, signal) => {
      member.exit = { code, signal, at: clock() };
    });
    members.set(name, member);
    await waitUntilReady(started, ready, name, readyMs);
    return member;
  };

  return {
    start,
    member: (name) => members.get(name),
    /** The bench is about to end this one: its exit is not the shop's fault. */
    expectExit: (name) => {
      members.get(name).expected = true;
    },
    /** Exits the bench did not cause, so far. */
    unexpectedExits: () =>
      [...members.values()]
        .filter((m) => m.exit && !m.expected)
        .map((m) => ({ name: m.name, ...m.exit, reason: exitReason(join(logDir, `${m.name}.log`)) })),
    /** Reads every running member's CPU time so far; one that has exited keeps its last reading. */
    sampleCpu: () => {
      for (const member of members.values()) {
        if (member.started.running()) member.cpuMs = treeCpuMs(member.started.pid);
      }
      return new Map([...members.values()].map((m) => [m.name, m.cpuMs ?? 0]));
    },
    /** Ends every process still running (SIGTERM, then SIGKILL), the last started first. */
    stopAll: async () => {
      for (const member of [...members.values()].reverse()) {
        member.expected = true;
        await member.started.stop();
      }
    },
  };
};

/** CPU seconds of each process of `fleet` (and of this driver) from now until `stop()`, sampled every second. */
export const trackCpu = (fleet) => {
  const before = { fleet: fleet.sampleCpu(), driver: process.cpuUsage() };
  const sampler = setInterval(fleet.sampleCpu, 1000);
  return {
    stop: () => {
      clearInterval(sampler);
      const used = [...fleet.sampleCpu()].map(([name, ms]) => ({
        name,
        seconds: (ms - (before.fleet.get(name) ?? 0)) / 1000,
      }));
      const driver = process.cpuUsage(before.driver);
      return [...used, { name: 'bench driver', seconds: (driver.user + driver.system) / 1e6 }];
    },
  };
};

export const startRedis = (fleet) =>
  fleet.start(
    'redis',
    'redis-server',
    ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { env: {}, ready: () => accepts(PORTS.redis) },
  );

/** An API-only instance (`npm start` with GATEWAY_ENABLED=false) behind HAProxy. */
export const startApi = (fleet, index, databaseUrl) =>
  fleet.start(`api-${index + 1}`, process.execPath, ['scripts/serve.mjs'], {
    env: {
      // Not production: its preflight (issue #29 item 3) refuses a shop on plain HTTP without a mail server,
      // which is what the bench's shop is; everything else runs as in production.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORTS.apis[index]),
      METRICS_PORT: String(PORTS.apiMetrics[index]),
      PUBLIC_URL: `http://127.0.0.1:${PORTS.shop}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
      LOG_LEVEL: 'warn',
      GATEWAY_ENABLED: 'false',
      // HAProxy (connecting from 127.0.0.1) appends each customer's own loopback address to X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      CAPTCHA_PROVIDER: 'off',
      POW_SECRET,
      SANDBOX_PAYMENTS: 'true',
      SANDBOX_WEBHOOK_SECRET,
      PROXY_GATEWAY_HOST: '127.0.0.1',
      PROXY_GATEWAY_PORT: String(PORTS.gateway),
    },
    ready: async () => (await statusOf(PORTS.apis[index], '/healthz')) === 200,
    readyMs: 60_000,
  });

/** A gateway of its own (`npm run start:gateway`) behind HAProxy. */
export const startGatewayProcess = (fleet, index, databaseUrl) =>
  fleet.start(`gateway-${index + 1}`, process.execPath, ['apps/gateway/dist/server.js'], {
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(PORTS.gateways[index]),
      GATEWAY_METRICS_PORT: String(PORTS.gatewayMetrics[index]),
      // Two gateways on one machine cannot both take the pool's ports; lines use the credentials port.
      GATEWAY_POOL_LISTEN: 'false',
      // The far end of every tunnel is the bench's own server on 127.0.0.1.
      GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
    },
    ready: async () => (await statusOf(PORTS.gatewayMetrics[index], '/healthz')) === 200,
    readyMs: 60_000,
  });
