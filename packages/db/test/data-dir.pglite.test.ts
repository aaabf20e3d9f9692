// Opens real PGlite data directories: run by the PGlite project only (*.pglite.test.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lockDataDir, migrate, openPglite, StartupError } from '../src/index.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();

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

describe('starting a new DATA_DIR from a seed', () => {
  const migrationsIn = async (database: Awaited<ReturnType<typeof openPglite>>) => {
    const result: unknown = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('loads the seed into a folder without a database, and ignores it for one that has one', async () => {
    const seeded = await openPglite({});
    await migrate(seeded);
    const seed = await seeded.pglite!.dumpDataDir('gzip');
    const expected = await migrationsIn(seeded);
    await seeded.close();

    const dir = await tempDir();
    const first = await openPglite({ dataDir: dir, seed: () => Promise.resolve(seed) });
    expect(await migrationsIn(first)).toBe(expected);
    await first.db.execute(sql`create table kept (id int)`);
    await first.close();

    // The folder now holds a database: the seed must not even be loaded, let alone replace it.
    const again = await openPglite({
      dataDir: dir,
      seed: () => Promise.reject(new Error('seed loaded for an existing database')),
    });
    const kept: unknown = await again.db.execute(sql`select to_regclass('kept') is not null as present`);
    expect((kept as { rows: { present: boolean }[] }).rows[0]?.present).toBe(true);
    await again.close();
  }, 60_000);
});
