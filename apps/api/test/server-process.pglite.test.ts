// Starts the real server process (from sources) with broken set-ups: PGlite project only, as it spawns.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tempDir = useTempDirs();

/** Runs the server until it exits; resolves with its exit code and what it printed on stderr. */
const startServer = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', 'apps/api/src/server.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          PORT: '0',
          METRICS_PORT: '0',
          DATABASE_URL: '',
          ...env,
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });

describe('a start that cannot succeed exits with one clear line', () => {
  it('refuses a DATA_DIR that another process holds', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'proxydesk.pid'), String(process.pid));
    const { code, stderr } = await startServer({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `Cannot start: DATA_DIR ${dir} is in use by another ProxyDesk process (pid ${process.pid}): stop it, or set DATA_DIR to another folder.\n`,
    );
  });

  it('refuses a corrupt DATA_DIR', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'PG_VERSION'), 'garbage\n');
    await mkdir(join(dir, 'base'));
    const { code, stderr } = await startServer({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Cannot start: DATA_DIR ${dir} cannot be opened as a database .*: move it aside or delete it to start fresh\\.\\n$`,
      ),
    );
  });

  it('names a bad configuration variable', async () => {
    const { code, stderr } = await startServer({ PORT: 'eighty', DATA_DIR: await tempDir() });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot start: Invalid configuration: PORT .*See \.env\.example\.\n$/);
  });

  it('names METRICS_PORT when the metrics port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await startServer({ METRICS_PORT: String(port), DATA_DIR: await tempDir() });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Cannot start: METRICS_PORT ${port} on 127.0.0.1 is in use by another program: set METRICS_PORT to a free port (0 picks one, off serves no metrics).\n`,
      );
    } finally {
      taken.close();
    }
  }, 60_000);

  it('says when PostgreSQL cannot be reached', async () => {
    const { code, stderr } = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^Cannot start: Cannot reach PostgreSQL at DATABASE_URL \(.*\): check that it runs\.\n$/,
    );
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes, closes the database, releases DATA_DIR and exits 0', async () => {
    const dir = await tempDir();
    const port = 3199;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', 'apps/api/src/server.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_PORT: 'off',
          DATABASE_URL: '',
          DATA_DIR: dir,
        },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // From source on a fresh folder (no build seed: PostgreSQL's initdb): slow on a busy machine.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(join(dir, 'proxydesk.pid'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dir, 'proxydesk.pid'))).toBe(false);
  }, 80_000);
});
