// Starts the real server process (from sources) with broken set-ups: PGlite project only, as it spawns.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runApiUntilExit, spawnApi } from '../../../test-support/api-process.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();

/** Runs the server until it exits; resolves with its exit code and what it printed on stderr. */
const startServer = (env: Record<string, string>) =>
  runApiUntilExit({ PORT: '0', METRICS_PORT: '0', ...env });

// Generous timeouts: each test starts a process from sources, slow on a busy machine.
describe('a start that cannot succeed exits with one clear line', { timeout: 180_000 }, () => {
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
        `^Cannot start: DATA_DIR ${dir} cannot be opened as a database .*: restore the last backup with \`npm run admin -- restore <file> --force\` .*\\.\\n$`,
      ),
    );
    expect(stderr).not.toMatch(/delete/i);
  });

  it('refuses a production start that is not ready to take customers, one line per missing item', async () => {
    const { code, stderr } = await startServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://shop.example.com',
      DATA_DIR: await tempDir(),
    });
    expect(code).toBe(1);
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      'Cannot start: NODE_ENV=production, but the shop is not ready to take customers:',
      expect.stringMatching(/^ {2}- PUBLIC_URL: http:\/\/shop\.example\.com is not https/),
      expect.stringMatching(/^ {2}- SMTP_URL: not set/),
      expect.stringMatching(/^ {2}- Payment provider: no provider has keys/),
      expect.stringMatching(/^ {2}- POW_SECRET: not set/),
      '(npm run admin -- doctor prints the whole checklist.)',
    ]);
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
  // A PostgreSQL that is not up yet is waited for, a wrong DATABASE_URL exits: processes.pg.test.ts.
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes, closes the database, releases DATA_DIR and exits 0', async () => {
    const dir = await tempDir();
    const port = 3199;
    const child = spawnApi({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'error' });
    // The mail outbox's last round and the session listener still use the database while the app closes.
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // From source on a fresh folder (no build seed: PostgreSQL's initdb): slow on a busy machine.
    const deadline = Date.now() + 120_000;
    onTestFinished(() => void child.kill('SIGKILL'));
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
    // The operator CLI's way in: written just after the server listens, readable by its owner only.
    while (!existsSync(join(dir, 'admin.json'))) {
      if (Date.now() > deadline) throw new Error('no admin.json');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await stat(join(dir, 'admin.json'))).mode & 0o777).toBe(0o600);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(errors).toBe('');
    expect(existsSync(join(dir, 'proxydesk.pid'))).toBe(false);
    expect(existsSync(join(dir, 'admin.json'))).toBe(false);
  }, 180_000);
});

describe('a real shop with the sandbox forced on (issue #15)', () => {
  it('says so loudly at every start', async () => {
    const child = spawnApi({
      NODE_ENV: 'production',
      // A real shop's settings (the production preflight insists on them), with the sandbox forced on.
      PUBLIC_URL: 'https://shop.example.com',
      SMTP_URL: 'smtp://127.0.0.1:9',
      POW_SECRET: 'a-production-pow-secret',
      SANDBOX_WEBHOOK_SECRET: 'a-production-sandbox-secret',
      SANDBOX_PAYMENTS: 'true',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir(),
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const warning = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`no warning within 100 s: ${stdout}`)), 100_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((l) => l.includes('SANDBOX_PAYMENTS'));
        if (line) {
          clearTimeout(timer);
          resolve(line);
        }
      });
    });
    child.kill('SIGTERM');
    await exited;
    expect(JSON.parse(warning)).toMatchObject({ level: 40, msg: expect.stringMatching(/FOR FREE/) });
  }, 120_000);
});
