import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  knownMigrations,
  migrate,
  migrationsFolder,
  openDatabase,
  openPglite,
  restoreDataDir,
  StartupError,
  type Database,
} from '@proxydesk/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { seedAccount } from '../../../test-support/contract.js';
import { adminUrl, databaseUrl } from '../../../test-support/databases.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';
import { loadConfig } from '../src/config.js';
import { openMigratedDatabase } from '../src/start.js';

/** The last migration of the previous release, 0.9.0 (CHANGELOG.md): what its databases hold. */
const PREVIOUS_RELEASE_LAST = '0014_plan_usage_days';
const tempDir = useTempDirs('proxydesk-upgrade-');
const kind = inject('testDb').kind;

/** The migrations folder as the previous release shipped it: this one's journal cut after its last migration. */
const previousReleaseMigrations = async () => {
  const folder = join(await tempDir(), 'migrations');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === PREVIOUS_RELEASE_LAST);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
};

/** A database as the previous release left it: its schema and a customer. */
const previousReleaseDatabase = async (open: () => Promise<Database>) => {
  const database = await open();
  await migrate(database, { folder: await previousReleaseMigrations() });
  await seedAccount(database.db, 'oldtimer');
  await database.close();
};

const usernames = async (database: Database) => {
  const result: unknown = await database.db.execute(sql`select username from users order by 1`);
  return (result as { rows: { username: string }[] }).rows.map((row) => row.username);
};

/** A fresh, empty PostgreSQL database of this test's own; answers its URL and how to drop it. */
const emptyPostgres = async () => {
  const name = `proxydesk_upgrade_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrl(name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

const upgraded = knownMigrations()
  .map((entry) => entry.tag)
  .filter((tag) => tag > PREVIOUS_RELEASE_LAST);

describe('an upgrade from the previous release (issue #29 item 6)', () => {
  it('applies each new migration with a line, keeps the data, and backs up (PGlite) or says to (PostgreSQL)', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    const backups = join(await tempDir(), 'backups');
    if (kind === 'pglite') {
      const dataDir = join(await tempDir(), 'data');
      await previousReleaseDatabase(() => openPglite({ dataDir }));
      const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: backups });
      const database = await openMigratedDatabase(config, { migrationLog: log });
      try {
        expect(await usernames(database)).toEqual(['oldtimer']);
      } finally {
        await database.close();
      }
      const [backup, ...more] = await readdir(backups);
      expect(more).toEqual([]);
      expect(lines).toEqual([
        `backup before applying ${upgraded.length} migration(s) (${upgraded.join(', ')}) written to ${join(backups, backup!)}`,
        ...upgraded.map((tag) => `migration applied: ${tag}`),
      ]);
      // Rolling back is restoring that backup: the previous release's schema, with its data.
      const rolledBack = join(await tempDir(), 'rolled-back');
      await restoreDataDir(rolledBack, new Blob([await readFile(join(backups, backup!))]));
      const old = await openPglite({ dataDir: rolledBack });
      try {
        expect(await usernames(old)).toEqual(['oldtimer']);
        const columns: unknown = await old.db.execute(
          sql`select column_name from information_schema.columns where table_name = 'sessions' and column_name = 'second_factor'`,
        );
        expect((columns as { rows: unknown[] }).rows).toEqual([]);
      } finally {
        await old.close();
      }
    } else {
      const server = await emptyPostgres();
      try {
        await previousReleaseDatabase(() => openDatabase({ url: server.url, poolSize: 1 }));
        const config = loadConfig({ DATABASE_URL: server.url, BACKUP_DIR: backups });
        const database = await openMigratedDatabase(config, { migrationLog: log });
        try {
          expect(await usernames(database)).toEqual(['oldtimer']);
        } finally {
          await database.close();
        }
        expect(lines).toEqual([
          `applying ${upgraded.length} migration(s) to the PostgreSQL database (${upgraded.join(', ')}): take a backup before an upgrade (npm run admin -- backup <file>; README, "Upgrades")`,
          ...upgraded.map((tag) => `migration applied: ${tag}`),
        ]);
      } finally {
        await server.drop();
      }
    }
    expect(upgraded.length).toBeGreaterThan(0);
  }, 120_000);

  it('takes no backup and says nothing of upgrades for a new database, nor on a start with nothing to apply', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    const backups = join(await tempDir(), 'backups');
    const open = async () =>
      kind === 'pglite'
        ? {
            config: loadConfig({ DATA_DIR: join(await tempDir(), 'data'), BACKUP_DIR: backups }),
            drop: undefined,
          }
        : await emptyPostgres().then((server) => ({
            config: loadConfig({ DATABASE_URL: server.url, BACKUP_DIR: backups }),
            drop: server.drop,
          }));
    const { config, drop } = await open();
    try {
      await (await openMigratedDatabase(config, { migrationLog: log })).close();
      const again = await openMigratedDatabase(config, { migrationLog: log });
      await again.close();
      expect(lines.filter((line) => /backup|applying/.test(line))).toEqual([]);
      await expect(readdir(backups)).rejects.toThrow(/ENOENT/);
    } finally {
      await drop?.();
    }
  }, 120_000);

  it('refuses to start on a schema made by a newer build', async () => {
    const server = kind === 'pglite' ? undefined : await emptyPostgres();
    const dataDir = join(await tempDir(), 'data');
    const config = loadConfig(server ? { DATABASE_URL: server.url } : { DATA_DIR: dataDir });
    try {
      const database = await openMigratedDatabase(config);
      const newest = Math.max(...knownMigrations().map((entry) => entry.when));
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from a newer build', ${newest + 1000})`,
      );
      await database.close();
      const refused = await openMigratedDatabase(config).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as Error).message).toBe(
        'The database was migrated by a newer ProxyDesk (1 migration this build does not know): run that version, or restore the backup taken before the upgrade (README, "Upgrades").',
      );
    } finally {
      await server?.drop();
    }
  }, 120_000);
});
