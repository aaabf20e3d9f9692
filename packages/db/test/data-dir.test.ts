import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, StartupError } from '../src/index.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();

describe('DATA_DIR lock', () => {
  it('refuses a directory another live process holds, with a clear message', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'proxydesk.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    expect(() => lockDataDir(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another ProxyDesk process (pid ${process.ppid})`,
    );
  });

  it('refuses a second lock inside this process and frees the directory on release', async () => {
    const dir = await tempDir();
    const release = lockDataDir(dir);
    expect(await readFile(join(dir, 'proxydesk.pid'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    release();
    await expect(readFile(join(dir, 'proxydesk.pid'))).rejects.toThrow();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = await tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    await writeFile(join(dir, 'proxydesk.pid'), String(dead));
    const release = lockDataDir(dir);
    expect(await readFile(join(dir, 'proxydesk.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
