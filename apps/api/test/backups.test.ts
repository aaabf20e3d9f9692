import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  listFailedJobs,
  openDatabase,
  openPglite,
  restoreDataDir,
  schema,
  type Database,
} from '@proxydesk/db';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedAccount } from '../../../test-support/contract.js';
import {
  adminUrl,
  databaseUrl,
  openTestDatabase,
  type TestDatabase,
} from '../../../test-support/databases.js';
import { useTempDirs } from '../../../test-support/temp-dirs.js';
import { runTool, takeBackup } from '../src/backup-files.js';
import { shopJobs } from '../src/jobs/definitions.js';
import { startJobRunner, type JobRunner } from '../src/jobs/runner.js';

const tempDir = useTempDirs('proxydesk-backups-');
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDb'));
  for (const name of ['ada', 'bob', 'cy']) await seedAccount(database.db, name);
  await database.db.insert(schema.balanceLedger).values({
    userId: (await database.db.select({ id: schema.users.id }).from(schema.users).limit(1))[0]!.id,
    amountCents: 2500,
    reason: 'opening balance',
  });
});
afterAll(() => database.close());

/** Every table of the shop (and pg-boss's) with its number of rows. */
const rowCounts = async (db: Database['db']) => {
  const listed: unknown = await db.execute(
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const tables = (listed as { rows: { name: string }[] }).rows.map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const [schemaName, table] = name.split('.');
    const result: unknown = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schemaName!)}.${sql.identifier(table!)}`,
    );
    counts[name] = (result as { rows: { n: number }[] }).rows[0]!.n;
  }
  return counts;
};

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("the shop's own backups (issue #29 item 5)", () => {
  it('writes each backup 0600 into a 0700 folder and keeps only the newest BACKUP_KEEP', async () => {
    const dir = join(await tempDir(), 'backups');
    const written: string[] = [];
    for (const [i, at] of [
      '2026-11-24T03:30:00Z',
      '2026-11-25T03:30:00Z',
      '2026-11-26T03:30:00Z',
    ].entries()) {
      const { file, kept, removed } = await takeBackup(database, {
        dir,
        keep: 2,
        databaseUrl: database.url,
        now: new Date(at),
      });
      written.push(file);
      expect({ kept, removed }).toEqual({ kept: Math.min(i + 1, 2), removed: i === 2 ? 1 : 0 });
    }
    expect(await readdir(dir)).toEqual([
      'proxydesk-20261125T033000.000Z.backup',
      'proxydesk-20261126T033000.000Z.backup',
    ]);
    expect(await modeOf(dir)).toBe(0o700);
    for (const name of await readdir(dir)) expect(await modeOf(join(dir, name))).toBe(0o600);
    expect(written[2]).toBe(join(dir, 'proxydesk-20261126T033000.000Z.backup'));
  });

  it('passes the restore drill: restored into a fresh place, every table has the same rows', async () => {
    const dir = join(await tempDir(), 'backups');
    const { file } = await takeBackup(database, { dir, keep: 1, databaseUrl: database.url });
    const before = await rowCounts(database.db);
    expect(before['public.users']).toBeGreaterThanOrEqual(3);
    expect(before['public.plans']).toBeGreaterThan(0);

    let restored: Database;
    let dropRestored = (): Promise<unknown> => Promise.resolve();
    if (database.kind === 'pglite') {
      const dataDir = join(await tempDir(), 'restored');
      await restoreDataDir(dataDir, new Blob([await readFile(file)]));
      restored = await openPglite({ dataDir });
    } else {
      const name = `proxydesk_drill_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await runTool('pg_restore', [
        '--no-owner',
        '--single-transaction',
        `--dbname=${databaseUrl(name)}`,
        file,
      ]);
      restored = await openDatabase({ url: databaseUrl(name), poolSize: 1 });
      dropRestored = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    try {
      expect(await rowCounts(restored.db)).toEqual(before);
    } finally {
      await restored.close();
      await dropRestored();
    }
  });

  it('runs as the daily job; a failed backup is told to the metrics (job failures) and listed in the console', async () => {
    const base = await tempDir();
    // A folder that cannot be made: a file stands where it would be.
    await writeFile(join(base, 'not-a-folder'), '');
    const failures: [string, boolean][] = [];
    let taken = 0;
    const jobsFor = (dir: string) =>
      shopJobs({
        db: database.db,
        log: pino({ level: 'silent' }),
        graceHours: 72,
        payments: {} as never,
        sendDueMails: () => Promise.resolve(),
        autoRenew: () => Promise.resolve({ renewed: 0, failed: 0 }),
        webhooks: {} as never,
        backup: {
          cron: '30 3 * * *',
          take: async () => {
            await takeBackup(database, { dir, keep: 3, databaseUrl: database.url });
            taken += 1;
          },
        },
      }).filter((job) => job.name === 'backup');
    const [definition] = jobsFor(join(base, 'not-a-folder', 'backups'));
    expect(definition).toMatchObject({ name: 'backup', cron: '30 3 * * *' });
    const runner: JobRunner = await startJobRunner({
      database,
      jobs: [{ ...definition!, retryLimit: 0 }],
      log: pino({ level: 'silent' }),
      pollingSeconds: 0.5,
      timing: { cronSeconds: 1, maintenanceSeconds: 1 },
      onFailure: (name, final) => failures.push([name, final]),
    });
    try {
      await runner.send('backup');
      // The runner tells of the failure as it records it: wait until the console's list has it.
      const listed = async () => (await listFailedJobs(database.db, 1, 10)).rows.map((row) => row.name);
      const deadline = Date.now() + 30_000;
      while (!(await listed()).includes('backup') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listed()).toContain('backup');
      expect(failures).toEqual([['backup', true]]);
      expect(taken).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});
