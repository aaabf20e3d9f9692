#!/usr/bin/env node
// The whole shop in one process tree: the API (web + /v1), and the proxy gateway beside it (issue #6).
// On PGlite the gateway runs inside the API's process (one process owns the data folder); on PostgreSQL it
// is a process of its own, as it would be on other machines, kept running by the API's process: restarted with
// back-off when it dies, reported by /readyz (issue #29). GATEWAY_ENABLED=false runs the API alone.
import { fileURLToPath } from 'node:url';

// `npm run dev` runs the TypeScript sources through tsx; `npm start` the build.
const fromSource = process.env.PROXYDESK_FROM_SOURCE === '1';
const api = await import(fromSource ? '../apps/api/src/serve.ts' : '../apps/api/dist/serve.js');
const gateway = await import(fromSource ? '../apps/gateway/src/index.ts' : '../apps/gateway/dist/index.js');

/** How long the API waits for the gateway's `/healthz` when /readyz asks. */
const HEALTH_TIMEOUT_MS = 1500;

/** The gateway as a supervised child process, stopped with the API; /readyz asks its metrics port. */
const spawnGateway = (config, log) => {
  const entry = fileURLToPath(
    new URL(fromSource ? '../apps/gateway/src/server.ts' : '../apps/gateway/dist/server.js', import.meta.url),
  );
  const child = api.superviseProcess({
    name: 'gateway',
    command: process.execPath,
    args: [...(fromSource ? ['--import', 'tsx', '--conditions=source'] : []), entry],
    log: { info: (message) => log.info(message), error: (message) => log.error(message) },
    timing: { ...api.SUPERVISOR_TIMING, firstRestartMs: config.GATEWAY_RESTART_SECONDS * 1000 },
  });
  // Listening on every interface (0.0.0.0, ::) includes loopback; GATEWAY_METRICS_PORT=0 leaves nothing to ask.
  const wildcard = config.GATEWAY_METRICS_HOST === '0.0.0.0' || config.GATEWAY_METRICS_HOST === '::';
  const host = wildcard ? '127.0.0.1' : config.GATEWAY_METRICS_HOST;
  const healthUrl =
    config.GATEWAY_METRICS_PORT === 0
      ? undefined
      : `http://${host.includes(':') ? `[${host}]` : host}:${config.GATEWAY_METRICS_PORT}/healthz`;
  return {
    close: () => child.close(),
    gateway: {
      running: () => {
        const state = child.state();
        if (state.running)
          return { up: true, detail: `its own process ${state.pid} (restarted ${state.restarts} times)` };
        const back = state.restartAt ? `; restarting it at ${state.restartAt.toISOString()}` : '';
        return {
          up: false,
          detail: `its process ${state.pid} ${state.exited} at ${state.since.toISOString()}${back}`,
        };
      },
      health: healthUrl
        ? async () => {
            const res = await fetch(healthUrl, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
            return res.ok ? await res.json() : undefined;
          }
        : undefined,
    },
  };
};

await api
  .serve({
    beside: async (database, log) => {
      const config = gateway.loadGatewayConfig();
      if (!config.GATEWAY_ENABLED) return undefined;
      if (database.kind !== 'pglite') return spawnGateway(config, log);
      const running = await gateway.startGateway({
        db: database.db,
        config,
        log: log.child({ name: 'gateway' }),
        listen: (onChange) => gateway.listenForAccessChanges(database, onChange),
      });
      return {
        close: () => running.close(),
        gateway: {
          where: 'in this process',
          running: () => ({ up: true }),
          health: async () => running.health(),
        },
      };
    },
  })
  .catch(api.exitOnStartupFailure);
