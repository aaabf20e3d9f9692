import { spawnSync } from 'node:child_process';
import { readFile, realpath, writeFile } from 'node:fs/promises';
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
    expect(await readFile(join(dir, 'proxydesk.pid'), 'utf8')).toBe(
      `${process.pid}\n${await realpath(dir)}\n`,
    );
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
    expect(await readFile(join(dir, 'proxydesk.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    release();
  });

  it('says so when the folder was copied from another one while its process ran', async () => {
    const original = await tempDir();
    const copy = await tempDir();
    await writeFile(join(copy, 'proxydesk.pid'), `${process.ppid}\n${await realpath(original)}\n`);
    expect(() => lockDataDir(copy)).toThrow(
      `DATA_DIR ${copy} was copied from ${await realpath(original)} while ProxyDesk (pid ${process.ppid}) ran on it, so it may be inconsistent: take a consistent copy with \`npm run admin -- backup <file>\` there and \`npm run admin -- restore <file> --force\` here.`,
    );
    // The same lock in its own folder is simply in use.
    await writeFile(join(original, 'proxydesk.pid'), `${process.ppid}\n${await realpath(original)}\n`);
    expect(() => lockDataDir(original)).toThrow(/is in use by another ProxyDesk process/);
  });

  it('a copy of a folder this process holds is a copy too', async () => {
    const original = await tempDir();
    const copy = await tempDir();
    const release = lockDataDir(original);
    await writeFile(join(copy, 'proxydesk.pid'), await readFile(join(original, 'proxydesk.pid')));
    expect(() => lockDataDir(copy)).toThrow(/was copied from .* while ProxyDesk/);
    release();
    lockDataDir(copy)();
  });
});
