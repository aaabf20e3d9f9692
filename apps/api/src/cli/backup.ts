import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { countTables, dumpDataDirAtRest, openPostgres, restoreDataDir } from '@proxydesk/db';
import { findRunningShop } from './client.js';
import { dumpPostgres, runTool, writeWhole } from '../backup-files.js';
import { UsageError } from './commands.js';
import type { Config } from '../config.js';

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * `backup <file>`: a consistent copy of the database. On PGlite from the running shop (between two of its
 * queries) or from the folder at rest; on PostgreSQL with pg_dump (custom format, for pg_restore).
 */
export const backup = async (config: Config, [file, ...rest]: string[]): Promise<string> => {
  if (!file || rest.length > 0) throw new UsageError('Name the file to write the backup to.');
  const target = resolve(file);
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    await dumpPostgres(url, target);
    return `Backup of the PostgreSQL database written to ${target} (${megabytes((await stat(target)).size)}, pg_dump custom format).`;
  }
  const shop = await findRunningShop(config.DATA_DIR);
  const dump = shop
    ? await shop.backup()
    : new Uint8Array(await (await dumpDataDirAtRest(config.DATA_DIR)).arrayBuffer());
  await writeWhole(target, (partial) => writeFile(partial, dump, { mode: 0o600 }));
  return `Backup of DATA_DIR ${config.DATA_DIR} written to ${target} (${megabytes(dump.length)}${shop ? `, taken from the running shop, pid ${shop.pid}` : ''}).`;
};

/** Does the PostgreSQL database hold any table of its own yet? */
const postgresHoldsTables = async (url: string) => {
  const database = await openPostgres(url, 1);
  try {
    return (await countTables(database.db)) > 0;
  } finally {
    await database.close();
  }
};

/**
 * `restore <file> [--force]`, with the shop stopped: a PGlite backup into DATA_DIR, or a pg_dump file into
 * the database of DATABASE_URL with pg_restore. What is there is never silently replaced: --force keeps a
 * PGlite folder aside, and on PostgreSQL lets pg_restore drop the objects the backup brings back.
 */
export const restore = async (config: Config, args: string[]): Promise<string> => {
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((word) => word !== '--force');
  if (!file || rest.length > 0) throw new UsageError('Name the backup file to restore.');
  const source = resolve(file);
  await stat(source).catch(() => {
    throw new Error(`No backup file ${source}.`);
  });
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    if (!force && (await postgresHoldsTables(url))) {
      throw new Error(
        'The database of DATABASE_URL already holds tables: restore into a new, empty database (createdb, then point DATABASE_URL at it), or add --force to replace what the backup brings back.',
      );
    }
    await runTool('pg_restore', [
      '--no-owner',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      source,
    ]);
    return `Restored ${source} into the database of DATABASE_URL. Start the shop.`;
  }
  const shop = await findRunningShop(config.DATA_DIR);
  if (shop)
    throw new Error(`The shop is running on DATA_DIR ${config.DATA_DIR} (pid ${shop.pid}): stop it first.`);
  const outcome = await restoreDataDir(config.DATA_DIR, new Blob([await readFile(source)]), { force });
  return `Restored ${source} into DATA_DIR ${config.DATA_DIR}: ${outcome.accounts} accounts, ${outcome.invoices} invoices${outcome.keptAside ? `; the folder that was there is kept as ${outcome.keptAside}` : ''}. Start the shop.`;
};
