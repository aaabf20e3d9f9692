// `npm run admin -- backup/restore` on PostgreSQL: pg_dump and pg_restore.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '@proxydesk/db';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { backup, restore } from '../src/cli/backup.js';
import { loadConfig } from '../src/config.js';
import { contentsOf, fill } from '../../../test-support/backup-fixture.js';
import { adminUrl, databaseUrl, openTestDatabase } from '../../../test-support/databases.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const original = inject('testDb');

const withAdmin = async (query: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

describe('backup and restore on PostgreSQL', () => {
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
