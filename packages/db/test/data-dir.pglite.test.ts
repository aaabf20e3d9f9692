// Opens real PGlite data directories: run by the PGlite project only (*.pglite.test.ts).
import { chmod, open, mkdir, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkTables, lockDataDir, migrate, openPglite, StartupError } from '../src/index.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();

/** Every folder's and file's mode under `dir`, grouped: what the owner alone should hold. */
const modes = async (dir: string) => {
  const found = new Set<string>();
  const walk = async (path: string) => {
    const info = await stat(path);
    found.add(`${info.isDirectory() ? 'dir' : 'file'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of await readdir(path)) await walk(join(path, name));
  };
  await walk(dir);
  return [...found].sort();
};

describe('PGlite data directory', () => {
  it("is its owner's alone: a new DATA_DIR is 0700 with files 0600, and an existing one is tightened (issue #29)", async () => {
    const dir = join(await tempDir(), 'data');
    const database = await openPglite({ dataDir: dir });
    await database.db.execute(sql`create table made_while_open (x int)`);
    expect(await modes(dir)).toEqual(['dir 700', 'file 600']);
    await database.close();
    expect(await modes(dir)).toEqual(['dir 700', 'file 600']);
    // A folder an owner made by hand, readable by all, with a file others could write.
    await chmod(dir, 0o755);
    await chmod(join(dir, 'PG_VERSION'), 0o666);
    const again = await openPglite({ dataDir: dir });
    expect(await modes(dir)).toEqual(['dir 700', 'file 600']);
    await again.close();
  }, 90_000);

  it('refuses a corrupt DATA_DIR with one clear line and leaves no lock behind', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'PG_VERSION'), 'not a database\n');
    await mkdir(join(dir, 'base'));
    await writeFile(join(dir, 'global'), 'garbage');
    const error = await openPglite({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(
      /cannot be opened as a database .*: restore the last backup with `npm run admin -- restore <file> --force`/,
    );
    expect((error as Error).message).not.toMatch(/delete/i);
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
  }, 180_000);
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
  }, 180_000);
});

describe('the start-up check of every table', () => {
  /** One database with a users table of many rows, copied into each test's folder. */
  let seed: Blob;
  beforeAll(async () => {
    const database = await openPglite({});
    await database.pglite!
      .exec(`create table users (id uuid primary key default gen_random_uuid(), name text not null);
      insert into users (name) select 'customer ' || n from generate_series(1, 2000) n;
      create table empty_one (id serial primary key)`);
    seed = await database.pglite!.dumpDataDir('none');
    await database.close();
  });

  /** A folder with that database, closed; answers the path of the users table's file. */
  const folderWithTable = async (dir: string) => {
    const database = await openPglite({ dataDir: dir, seed: () => Promise.resolve(seed) });
    await checkTables(database, `DATA_DIR ${dir}`);
    const result: unknown = await database.db.execute(sql`select pg_relation_filepath('users') as path`);
    await database.close();
    return join(dir, (result as { rows: { path: string }[] }).rows[0]!.path);
  };

  const checkAgain = async (dir: string) => {
    const database = await openPglite({ dataDir: dir });
    try {
      return await checkTables(database, `DATA_DIR ${dir}`).then(
        () => undefined,
        (e: unknown) => e,
      );
    } finally {
      await database.close();
    }
  };

  it('refuses a truncated table file with one line that says to restore the last backup', async () => {
    const dir = await tempDir();
    const file = await folderWithTable(dir);
    await truncate(file, 0);
    const error = await checkAgain(dir);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Table users in DATA_DIR ${dir} cannot be read \\(.*\\): restore the last backup with`),
    );
    expect((error as Error).message).not.toContain('\n');
  }, 180_000);

  it('refuses a table file whose first page was overwritten', async () => {
    const dir = await tempDir();
    const file = await folderWithTable(dir);
    const handle = await open(file, 'r+');
    await handle.write(Buffer.alloc(8192, 0x5a), 0, 8192, 0);
    await handle.close();
    expect(await checkAgain(dir)).toBeInstanceOf(StartupError);
  }, 180_000);

  it('refuses a table file cut short', async () => {
    const dir = await tempDir();
    const file = await folderWithTable(dir);
    await truncate(file, 8192);
    expect(await checkAgain(dir)).toBeInstanceOf(StartupError);
  }, 180_000);
});
