#!/usr/bin/env node
// The whole shop in one process tree: the API (web + /v1), and the proxy gateway beside it (issue #6).
// On PGlite the gateway runs inside the API's process (one process owns the data folder); on PostgreSQL it
// is a process of its own, as it would be on other machines. GATEWAY_ENABLED=false runs the API alone.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// `npm run dev` runs the TypeScript sources through tsx; `npm start` the build.
const fromSource = process.env.PROXYDESK_FROM_SOURCE === '1';
const api = await import(fromSource ? '../apps/api/src/serve.ts' : '../apps/api/dist/serve.js');
const gateway = await import(fromSource ? '../apps/gateway/src/index.ts' : '../apps/gateway/dist/index.js');

/** The gateway as a child process, stopped with the API. */
const spawnGateway = () => {
  const entry = fileURLToPath(
    new URL(fromSource ? '../apps/gateway/src/server.ts' : '../apps/gateway/dist/server.js', import.meta.url),
  );
  const child = spawn(
    process.execPath,
    [...(fromSource ? ['--import', 'tsx', '--conditions=source'] : []), entry],
    { stdio: 'inherit' },
  );
  return {
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
};

await api
  .serve({
    beside: async (database, log) => {
      const config = gateway.loadGatewayConfig();
      if (!config.GATEWAY_ENABLED) return undefined;
      if (database.kind !== 'pglite') return spawnGateway();
      return gateway.startGateway({
        db: database.db,
        config,
        log: log.child({ name: 'gateway' }),
        listen: (onChange) => gateway.listenForAccessChanges(database, onChange),
      });
    },
  })
  .catch(api.exitOnStartupFailure);
