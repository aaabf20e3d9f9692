// pg-boss 10 → 11 (issue #29): 11 has no migration from 10's schema, so the runner sets it aside and starts afresh.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { startJobRunner } from '../src/jobs/runner.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe("a database with pg-boss 10's schema", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(inject('testDb'));
    // What pg-boss 10 leaves: its schema at version 24, with a job in it.
    await database.db.execute(sql`create schema pgboss`);
    await database.db.execute(sql`create table pgboss.version (version int primary key)`);
    await database.db.execute(sql`insert into pgboss.version values (24)`);
    await database.db.execute(sql`create table pgboss.job (id uuid primary key, name text, state text)`);
    await database.db.execute(
      sql`insert into pgboss.job values ('00000000-0000-4000-8000-000000000001', 'old-work', 'failed')`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is renamed pgboss_v10 (kept), pg-boss 11 builds its own, and jobs run on it', async () => {
    const ran: string[] = [];
    const runner = await startJobRunner({
      database,
      log: pino({ level: 'silent' }),
      pollingSeconds: 0.5,
      jobs: [
        {
          name: 'after-upgrade',
          handler: (data) => {
            ran.push(JSON.stringify(data));
            return Promise.resolve();
          },
        },
      ],
    });
    try {
      const [kept] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pgboss_v10.job where name = 'old-work'`),
      );
      expect(kept?.n).toBe(1);
      const [version] = rowsOf<{ version: number }>(
        await database.db.execute(sql`select max(version)::int as version from pgboss.version`),
      );
      expect(version?.version).toBeGreaterThanOrEqual(25);
      await runner.send('after-upgrade', { ok: true });
      await expect.poll(() => ran, { timeout: 15_000 }).toEqual(['{"ok":true}']);
    } finally {
      await runner.stop({ graceful: false });
    }
    // A second start (another instance, a restart) finds pg-boss 11's schema and leaves everything as it is.
    const again = await startJobRunner({ database, log: pino({ level: 'silent' }), jobs: [] });
    await again.stop({ graceful: false });
    const [schemas] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_namespace where nspname in ('pgboss', 'pgboss_v10')`,
      ),
    );
    expect(schemas?.n).toBe(2);
  }, 60_000);
});
