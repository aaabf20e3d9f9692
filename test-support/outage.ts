import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl } from './databases.js';
import { freePort } from './ports.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Takes one test database away as an outage would: new connections are refused and every open one is
 * ended; `restore()` lets connections in again. The server itself (shared by every test) is untouched.
 */
export const takeDatabaseAway = async (url: string) => {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`alter database ${name} with allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  return {
    restore: async () => {
      await admin.query(`alter database ${name} with allow_connections true`);
      await admin.end();
    },
  };
};

export interface ShopProcess {
  child: ChildProcess;
  /** Everything it printed, stdout and stderr (the gateway child's too). */
  output: () => string;
  stop: () => Promise<number | null>;
}

/** `npm start` as production runs it (scripts/serve.mjs: the API, and the gateway as a child on PostgreSQL), from sources. */
export const startShopProcess = (env: Record<string, string>): ShopProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/serve.mjs'], {
    cwd: root,
    env: { ...process.env, PROXYDESK_FROM_SOURCE: '1', NODE_ENV: 'test', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
};

export interface ShopPorts {
  api: number;
  gateway: number;
  /** The gateway's metrics port (`/healthz`). */
  metrics: number;
}

/**
 * `npm start` on a PostgreSQL test database, the API and the gateway on free ports of 127.0.0.1, without the
 * pool's ports, Redis or the API's metrics port, the gateway syncing every second; `env` on top.
 */
export const startShopOnPostgres = async (
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ shop: ShopProcess; ports: ShopPorts }> => {
  const ports = { api: await freePort(), gateway: await freePort(), metrics: await freePort() };
  const shop = startShopProcess({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(ports.api),
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(ports.gateway),
    GATEWAY_METRICS_PORT: String(ports.metrics),
    GATEWAY_POOL_LISTEN: 'false',
    GATEWAY_SYNC_SECONDS: '1',
    REDIS_URL: '',
    METRICS_PORT: 'off',
    ...env,
  });
  return { shop, ports };
};

/** Polls `probe` until it answers true, or fails after `timeoutMs`. */
export const waitUntil = async (probe: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
