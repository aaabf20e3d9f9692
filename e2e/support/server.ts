import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Stops the server; the data directory goes too unless `keepDataDir` (to run `admin` and start again). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/** Runs the operator CLI against a data directory (before its server starts: PGlite is one process). */
export const admin = (dataDir: string, ...args: string[]): string => {
  const result = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
};

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'proxydesk-e2e-'));

/**
 * The proxy gateway of the server on `port` (and its metrics, on `port + 21000`): ports of their own, so that
 * servers side by side never clash.
 */
export const gatewayPortOf = (port: number) => port + 20_000;

/**
 * Starts the built shop (as `npm start` runs it: API and proxy gateway) on a port and a data directory of its
 * own; its gateway listens on `gatewayPortOf(port)` and may reach loopback targets (a test's own servers).
 */
export const startServer = async (
  port: number,
  dataDir = freshDataDir(),
  env: Record<string, string> = {},
): Promise<RunningServer> => {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      // Not production: its preflight refuses a shop on plain HTTP that prints its mails (issue #29 item 3),
      // which is what a browser test's shop is. The sandbox is forced on as a real shop would force it.
      NODE_ENV: 'test',
      SANDBOX_PAYMENTS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      GATEWAY_PORT: String(gatewayPortOf(port)),
      PROXY_GATEWAY_PORT: String(gatewayPortOf(port)),
      GATEWAY_METRICS_PORT: String(port + 21_000),
      METRICS_PORT: '0',
      GATEWAY_ACCESS_LOG: 'off',
      GATEWAY_POOL_LISTEN: 'false',
      GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /healthz within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    process: child,
    stop: async ({ keepDataDir = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
