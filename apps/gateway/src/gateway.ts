import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import {
  pruneSources,
  pruneSubuserDeletions,
  recordSources,
  rollUpUsage,
  StartupError,
  type Db,
} from '@proxydesk/db';
import type { Logger } from 'pino';
import { openAccessLog } from './access-log.js';
import { createAccess } from './access/access.js';
import type { GatewayConfig } from './config.js';
import { createDeadlines } from './deadlines.js';
import { createTargetPolicy } from './egress/addresses.js';
import { createExits } from './egress/exits.js';
import { createFairUse, fairUseCapsOf } from './access/fair-use.js';
import { followChanges } from './follow-changes.js';
import { createMeter } from './meter.js';
import { createMetrics } from './metrics.js';
import { createListener } from './protocols/listener.js';
import type { GatewayContext, ListenerMode } from './session.js';

const HOUR_MS = 3_600_000;

/** Listens; a port that is taken stops the start with one line naming the setting that chose it. */
const listen = (
  server: Server | HttpServer,
  port: number,
  host: string | undefined,
  setting: string,
): Promise<number> =>
  new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `${setting} ${port}${host ? ` on ${host}` : ''} is in use by another program: set ${setting} to a free port.`,
            )
          : error,
      );
    server.once('error', fail);
    server.listen({ port, host }, () => {
      server.off('error', fail);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * The gateway's liveness (`/healthz` on its metrics port): it answers, so it is alive — also while the database
 * does not answer its re-reads and it serves from an older snapshot (issue #29: a load balancer must not pull
 * every gateway during a database cut). Staleness is a detail here, a metric, and a /readyz detail of the API.
 */
export interface GatewayHealth {
  status: 'ok';
  snapshotAgeSeconds: number;
  /** Older than ten syncs (30 s at least): the database has not answered for a while. */
  stale: boolean;
  openConnections: number;
}

/** How often deadlines are swept: a quarter of the shortest, at most a second apart. */
const sweepMs = (config: GatewayConfig) =>
  Math.max(
    10,
    Math.min(1000, (Math.min(config.GATEWAY_HANDSHAKE_SECONDS, config.GATEWAY_IDLE_SECONDS) * 1000) / 4),
  );

const closeServer = (server: Server | HttpServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

export interface RunningGateway {
  /** The credentials port (GATEWAY_PORT, or the one chosen for 0). */
  port: number;
  metricsPort: number;
  /** Pool ports listened on, for datacenter / IPv6 addresses. */
  poolPorts: () => number[];
  /** One round of what runs every GATEWAY_SYNC_SECONDS: count, write, re-read, enforce. */
  sync: () => Promise<void>;
  openConnections: () => number;
  /** Client sockets open on every port, in a handshake or not. */
  openSockets: () => number;
  /** What `/healthz` on the metrics port answers. */
  health: () => GatewayHealth;
  close: () => Promise<void>;
}

/**
 * The proxy gateway (issue #6): listens on the credentials port and the pool's ports, meters every customer's
 * bytes, and every few seconds writes the counts, re-reads who may use it and closes what no longer may.
 */
export const startGateway = async ({
  db,
  config,
  log,
  listen: listenForChanges,
}: {
  db: Db;
  config: GatewayConfig;
  log: Logger;
  /** Announcements of access changes (`listenForAccessChanges` of @proxydesk/db); answers how to stop. */
  listen?: (onChange: () => void) => Promise<() => Promise<void>>;
}): Promise<RunningGateway> => {
  const syncMs = Math.round(config.GATEWAY_SYNC_SECONDS * 1000);
  const metrics = createMetrics();
  const meter = createMeter({
    db,
    enabled: config.GATEWAY_METERING,
    domainStats: config.DOMAIN_STATS,
    onBytes: metrics.bytes,
  });
  const access = createAccess({
    db,
    pendingBytes: meter.pendingBytes,
    pendingSubuserBytes: meter.pendingSubuserBytes,
    accountCacheMs: syncMs,
    fresherSnapshot: (behind) => changes.fresher(behind),
    fairUseDefaults: {
      maxSources: config.GATEWAY_FAIR_USE_MAX_SOURCES,
      windowMinutes: config.GATEWAY_FAIR_USE_WINDOW_MINUTES,
      maxConnections: config.GATEWAY_FAIR_USE_MAX_CONNECTIONS,
    },
  });
  const fairUse = createFairUse(fairUseCapsOf);
  const accessLog = openAccessLog(config.GATEWAY_ACCESS_LOG);
  metrics.watch({
    openConnections: meter.openConnections,
    openByProduct: meter.openByProduct,
    snapshotAge: access.snapshotAge,
    accessLogDropped: () => accessLog?.dropped() ?? 0,
  });
  await access.refresh();
  const context: GatewayContext = {
    access,
    meter,
    metrics,
    allowed: createTargetPolicy(config.GATEWAY_ALLOW_PRIVATE_TARGETS),
    config,
    deadlines: createDeadlines(sweepMs(config)),
    exits: createExits(config.GATEWAY_EGRESS_ADDRESSES),
    fairUse,
    log,
    accessLog,
  };
  if (config.GATEWAY_ALLOW_PRIVATE_TARGETS)
    log.warn('GATEWAY_ALLOW_PRIVATE_TARGETS is on: customers can reach this network (tests only)');

  const listeners: ReturnType<typeof createListener>[] = [];
  const open = async (mode: ListenerMode, port: number) => {
    const listener = createListener(context, mode);
    const bound = await listen(
      listener.server,
      port,
      config.GATEWAY_HOST,
      mode === 'credentials' ? 'GATEWAY_PORT' : 'the pool port',
    );
    listeners.push(listener);
    return bound;
  };
  const port = await open('credentials', config.GATEWAY_PORT);

  const poolPorts = new Set<number>();
  /** Listens on pool ports the operator has added; a port that cannot be had is tried again next round. */
  const followPool = async () => {
    if (!config.GATEWAY_POOL_LISTEN) return;
    for (const wanted of access.poolPorts()) {
      if (poolPorts.has(wanted) || wanted === port) continue;
      try {
        poolPorts.add(await open('whitelist', wanted));
      } catch (error) {
        log.warn({ err: error }, `cannot listen on pool port ${wanted}`);
      }
    }
  };
  await followPool();

  /** The sources seen since the last round, for the customers' rows (ADR 018); kept for the next on failure. */
  const writeSightings = async () => {
    const seen = fairUse.drainSightings();
    await recordSources(db, seen).catch(() => fairUse.restoreSightings(seen));
  };

  let lastPrune = 0;
  /** The database is away: said once, and once when it is back (it is retried every interval meanwhile). */
  let unreachable = false;
  let stopped = false;
  /** The usage roll-up under way: run beside the syncs, not in their way (its first run may have much to do). */
  let rollingUp: Promise<void> | undefined;
  const rollUp = () => {
    rollingUp ??= rollUpUsage(db, new Date(), { keepGoing: () => !stopped })
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'usage roll-up failed; tried again in an hour'),
      )
      .finally(() => (rollingUp = undefined));
  };
  const sync = async () => {
    const started = performance.now();
    await syncRound();
    metrics.synced((performance.now() - started) / 1000);
  };
  const syncRound = async () => {
    meter.sample();
    if (!(await meter.flush())) metrics.syncFailed();
    await writeSightings();
    try {
      await access.refresh();
      meter.settle();
      if (unreachable) log.info('gateway reads plans again; counted usage is being written');
      unreachable = false;
    } catch (error) {
      metrics.syncFailed();
      if (!unreachable)
        log.warn(
          { err: error },
          'gateway cannot read plans: keeps serving from the last copy, keeps counting',
        );
      unreachable = true;
    }
    metrics.closed(meter.enforce());
    await followPool();
    if (Date.now() - lastPrune > HOUR_MS) {
      lastPrune = Date.now();
      await meter.prune(new Date(Date.now() - 24 * HOUR_MS)).catch(() => undefined);
      await pruneSources(db, new Date(Date.now() - 24 * HOUR_MS)).catch(() => undefined);
      await pruneSubuserDeletions(db, new Date(Date.now() - 24 * HOUR_MS)).catch(() => undefined);
      rollUp();
    }
  };

  let running: Promise<void> = Promise.resolve();
  /** A re-read between syncs, for an announced change: no writing, and errors wait for the next sync. */
  const reread = async () => {
    await access.refresh();
    meter.settle();
    metrics.closed(meter.enforce());
  };
  const changes = followChanges({
    reread: () => (running = running.then(reread).catch(() => undefined)),
    snapshotAgeMs: () => access.snapshotAge() * 1000,
  });
  const stopListening = await listenForChanges?.(changes.changed);
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = sync().catch((error: unknown) => log.error({ err: error }, 'gateway sync failed'));
      void running.then(() => !stopped && schedule());
    }, syncMs);
  };
  schedule();

  const health = (): GatewayHealth => {
    const age = access.snapshotAge();
    return {
      status: 'ok',
      snapshotAgeSeconds: Math.round(age * 10) / 10,
      stale: age >= Math.max(30, config.GATEWAY_SYNC_SECONDS * 10),
      openConnections: meter.openConnections(),
    };
  };
  const metricsServer = createHttpServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(health()));
      return;
    }
    if (req.url === '/metrics') {
      void metrics.registry.metrics().then((text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType });
        res.end(text);
      });
      return;
    }
    res.writeHead(404).end();
  });
  const metricsPort = await listen(
    metricsServer,
    config.GATEWAY_METRICS_PORT,
    config.GATEWAY_METRICS_HOST,
    'GATEWAY_METRICS_PORT',
  ).catch(async (error: unknown) => {
    stopped = true;
    clearTimeout(timer);
    await stopListening?.();
    await Promise.all(listeners.map((listener) => listener.close()));
    context.deadlines.stop();
    await accessLog?.close();
    throw error;
  });
  log.info(
    `proxy gateway on port ${port}${poolPorts.size ? ` and pool ports ${[...poolPorts].join(', ')}` : ''}; metrics on ${config.GATEWAY_METRICS_HOST}:${metricsPort}`,
  );

  return {
    port,
    metricsPort,
    poolPorts: () => [...poolPorts],
    sync: () => (running = running.then(sync)),
    openConnections: () => meter.openConnections(),
    openSockets: () => listeners.reduce((sum, listener) => sum + listener.sockets(), 0),
    health,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await stopListening?.();
      await running;
      await rollingUp;
      // Open tunnels end with the process; their last bytes are counted as they close, then written.
      const closing = listeners.map((listener) => listener.close());
      meter.closeAll();
      for (let i = 0; i < 50 && meter.openConnections() > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      meter.sample();
      if (!(await meter.flush())) log.error('gateway could not write its last usage counts');
      metricsServer.closeAllConnections();
      await Promise.all([...closing, closeServer(metricsServer)]);
      context.deadlines.stop();
      await accessLog?.close();
    },
  };
};
