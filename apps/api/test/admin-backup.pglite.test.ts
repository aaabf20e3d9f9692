// `npm run admin -- backup/restore` with the shop stopped: a PGlite folder at rest.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite } from '@proxydesk/db';
import { describe, expect, inject, it } from 'vitest';
import { backup, restore } from '../src/cli/backup.js';
import { loadConfig } from '../src/config.js';
import { contentsOf, fill } from '../../../test-support/backup-fixture.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const original = inject('testDb');

describe('backup and restore of a stopped PGlite shop', () => {
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
