// `npm run admin -- backup/restore` with the shop stopped: PGlite folders at rest, or pg_dump and pg_restore.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  enterOperatorBalanceAlone,
  insertInvoice,
  insertUser,
  openDatabase,
  openPglite,
  type Database,
} from '@proxydesk/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { backup, restore } from '../src/admin-backup.js';
import { loadConfig } from '../src/config.js';
import { adminUrl, databaseUrl, openTestDatabase } from '../../../test-support/databases.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const original = inject('testDb');

/** A customer with an invoice and a balance entry. */
const fill = async (database: Database) => {
  const user = await insertUser(database.db, {
    username: 'dora',
    email: 'dora@example.com',
    passwordHash: null,
    emailVerified: true,
    referralCode: 'ref-dora',
    proxyUsername: 'proxy-dora',
    proxyPassword: 'secret-dora',
  });
  await insertInvoice(database.db, {
    userId: user.id,
    kind: 'balance',
    planName: 'Balance top-up',
    listPriceCents: 4200,
    priceCents: 4200,
    proxyType: 'BALANCE',
    paymentMethod: 'sandbox',
  });
  await enterOperatorBalanceAlone(database.db, user.id, 4200, 'opening balance');
};

/** Every table of the shop with its row count, and the rows that matter. */
const contentsOf = async ({ db }: Database) => {
  const rows = async <T>(query: string) => {
    const result: unknown = await db.execute(sql.raw(query));
    return (result as { rows: T[] }).rows;
  };
  const counts: Record<string, number> = {};
  for (const { name } of await rows<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  ))
    counts[name] = (await rows<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n;
  return {
    counts,
    users: await rows('select id, username, proxy_password from users order by id'),
    invoices: await rows('select id, price_cents from invoices order by id'),
    ledger: await rows('select user_id, amount_cents::int as cents, reason from balance_ledger order by id'),
  };
};

describe.runIf(original.kind === 'pglite')('backup and restore of a stopped PGlite shop', () => {
  it('backs up a folder at rest and restores it, refusing a non-empty folder without --force', async () => {
    const dataDir = await tempDir();
    const snapshot = new Blob([await readFile(original.snapshotFile)]);
    const source = await openPglite({ dataDir, snapshot });
    await fill(source);
    const expected = await contentsOf(source);
    await source.close();

    const file = join(await tempDir(), 'shop.tar.gz');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(await backup(config, [file])).toMatch(
      new RegExp(`^Backup of DATA_DIR ${dataDir} written to ${file} \\(\\d+\\.\\d MB\\)\\.$`),
    );

    const target = join(await tempDir(), 'restored');
    const into = loadConfig({ DATA_DIR: target, LOG_LEVEL: 'silent' });
    expect(await restore(into, [file])).toBe(
      `Restored ${file} into DATA_DIR ${target}: 1 accounts, 1 invoices. Start the shop.`,
    );
    await expect(restore(into, [file])).rejects.toThrow(/is not empty: .*add --force/);

    // --force keeps what was there aside, whole, and restores in its place.
    const forced = await restore(into, [file, '--force']);
    const aside = /kept as (\S+)\. Start the shop\.$/.exec(forced)?.[1];
    expect(aside).toMatch(new RegExp(`^${target}\\.before-restore-`));
    expect(existsSync(join(aside!, 'PG_VERSION'))).toBe(true);
    expect(await readdir(target)).not.toContain('admin.json');

    const restored = await openPglite({ dataDir: target });
    expect(await contentsOf(restored)).toEqual(expected);
    await restored.close();
    await expect(restore(into, [join(target, 'missing.tar.gz')])).rejects.toThrow(/^No backup file /);
  }, 240_000);
});

const withAdmin = async (query: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

describe.runIf(original.kind === 'postgres')('backup and restore on PostgreSQL', () => {
  it('writes a pg_dump file and restores it into an empty database, refusing one with tables', async () => {
    const source = await openTestDatabase(original);
    const emptyName = `proxydesk_restore_${randomBytes(6).toString('hex')}`;
    try {
      await fill(source);
      const expected = await contentsOf(source);
      const file = join(await tempDir(), 'shop.dump');
      const config = loadConfig({ DATABASE_URL: source.url, LOG_LEVEL: 'silent' });
      expect(await backup(config, [file])).toMatch(
        new RegExp(
          `^Backup of the PostgreSQL database written to ${file} \\(\\d+\\.\\d MB, pg_dump custom format\\)\\.$`,
        ),
      );
      await expect(restore(config, [file])).rejects.toThrow(
        /already holds tables: restore into a new, empty/,
      );

      await withAdmin(`create database ${emptyName} template template0`);
      const into = loadConfig({ DATABASE_URL: databaseUrl(emptyName), LOG_LEVEL: 'silent' });
      expect(await restore(into, [file])).toBe(
        `Restored ${file} into the database of DATABASE_URL. Start the shop.`,
      );
      const restored = await openDatabase({ url: databaseUrl(emptyName), poolSize: 1 });
      try {
        expect(await contentsOf(restored)).toEqual(expected);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await withAdmin(`drop database if exists ${emptyName} with (force)`);
    }
  }, 240_000);
});
