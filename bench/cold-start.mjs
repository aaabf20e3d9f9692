import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, row } from './measure.mjs';

const waitForAnswer = async (url, child, deadline) => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Milliseconds from spawning `args` until `path` answers 200, then stops it. */
const timeToFirstAnswer = async (root, args, port, path, env = {}) => {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    await waitForAnswer(`http://127.0.0.1:${port}${path}`, child, Date.now() + 60_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
};

const BARE_SERVER = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ ok: true })); await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });`;

/** `npm start` (already built) to the first answer of /v1/plan/read, on a new and on an existing DATA_DIR. */
export const reportColdStart = async (root, rounds = 3) => {
  const port = 3900;
  const fresh = [];
  const existing = [];
  const bare = [];
  for (let i = 0; i < rounds; i += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'proxydesk-bench-'));
    try {
      fresh.push(
        await timeToFirstAnswer(root, ['scripts/start.mjs'], port, '/v1/plan/read', { DATA_DIR: dataDir }),
      );
      existing.push(
        await timeToFirstAnswer(root, ['scripts/start.mjs'], port, '/v1/plan/read', { DATA_DIR: dataDir }),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    bare.push(await timeToFirstAnswer(root, ['--input-type=module', '-e', BARE_SERVER], port, '/'));
  }
  const budget = 5000;
  console.log('\nCold start to first answer of /v1/plan/read (PGlite, already built, median):');
  row('bare Fastify process (baseline)', `${median(bare).toFixed(0)} ms`);
  row(
    'npm start, new DATA_DIR',
    `${median(fresh).toFixed(0)} ms`,
    `${(median(fresh) / median(bare)).toFixed(1)}x baseline`,
  );
  row(
    'npm start, existing DATA_DIR',
    `${median(existing).toFixed(0)} ms`,
    `${(median(existing) / median(bare)).toFixed(1)}x baseline`,
  );
  const worst = Math.max(median(fresh), median(existing));
  row(
    'BUDGET cold start',
    `${worst.toFixed(0)} ms`,
    `${(worst / budget).toFixed(2)} of 5000 ms ${worst <= budget ? 'OK' : 'OVER'}`,
  );
  return worst <= budget;
};
