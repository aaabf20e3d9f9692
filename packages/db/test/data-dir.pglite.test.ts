// Opens real PGlite data directories: run by the PGlite project only (*.pglite.test.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, openPglite, StartupError } from '../src/index.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'proxydesk-dir-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('PGlite data directory', () => {
  it('refuses a corrupt DATA_DIR with one clear line and leaves no lock behind', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'PG_VERSION'), 'not a database\n');
    await mkdir(join(dir, 'base'));
    await writeFile(join(dir, 'global'), 'garbage');
    const error = await openPglite({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(/cannot be opened as a database .*move it aside or delete it/);
    expect((error as Error).message).not.toContain('\n');
    lockDataDir(dir)();
  });

  it('a second open of the same DATA_DIR fails while the first is open', async () => {
    const dir = await tempDir();
    const first = await openPglite({ dataDir: dir });
    try {
      await expect(openPglite({ dataDir: dir })).rejects.toThrow(/is already open in this process/);
    } finally {
      await first.close();
    }
    const again = await openPglite({ dataDir: dir });
    await again.close();
  }, 60_000);
});
