import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dumpPglite, type Database } from '@proxydesk/db';

/** Runs one of PostgreSQL's client tools; its first line of complaint otherwise. */
export const runTool = (tool: string, args: string[]) =>
  new Promise<void>((done, fail) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed here: install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? done()
        : fail(new Error(`${tool} failed: ${stderr.trim().split('\n')[0] ?? `exit ${code}`}`)),
    );
  });

/** Writes under another name first, so that a backup file is whole or absent; readable by this user only. */
export const writeWhole = async (target: string, write: (partial: string) => Promise<void>) => {
  const partial = `${target}.partial`;
  await rm(partial, { force: true });
  try {
    await write(partial);
    await chmod(partial, 0o600);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
};

/** pg_dump in its custom format (for pg_restore) of the database at `url`, into `target`. */
export const dumpPostgres = (url: string, target: string) =>
  writeWhole(target, (partial) =>
    runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${url}`]),
  );

/** The backups a folder holds, by name (their names sort by time), newest first. */
const BACKUP_NAME = /^proxydesk-\d{8}T\d{6}(\.\d+)?Z\.backup$/;

/** A name that sorts by time, as deploy/backup.sh writes them too. */
const backupName = (at: Date) => `proxydesk-${at.toISOString().replaceAll(/[-:]/g, '')}.backup`;

/**
 * One backup of the shop's own database into `dir` (issue #29 item 5): the running PGlite's consistent copy or
 * pg_dump on PostgreSQL, a file 0600 in a folder 0700, then only the newest `keep` kept. Answers the file.
 */
export const takeBackup = async (
  database: Database,
  options: { dir: string; keep: number; databaseUrl?: string | undefined; now?: Date },
): Promise<{ file: string; kept: number; removed: number }> => {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  await chmod(options.dir, 0o700);
  const file = join(options.dir, backupName(options.now ?? new Date()));
  if (database.pglite) {
    const dump = Buffer.from(await (await dumpPglite(database.pglite)).arrayBuffer());
    await writeWhole(file, (partial) => writeFile(partial, dump, { mode: 0o600 }));
  } else {
    if (!options.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
    await dumpPostgres(options.databaseUrl, file);
  }
  const backups = (await readdir(options.dir))
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const old = backups.slice(options.keep);
  await Promise.all(old.map((name) => rm(join(options.dir, name), { force: true })));
  return { file, kept: backups.length - old.length, removed: old.length };
};
