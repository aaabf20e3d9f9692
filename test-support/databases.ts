import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadCatalogue,
  migrate,
  openDatabase,
  openPglite,
  readCatalogue,
  type Database,
} from '@proxydesk/db';
import pg from 'pg';

/**
 * Test databases: every test file gets a fresh one, on PGlite or PostgreSQL (TEST_DB), copied from
 * one migrated, catalogued original made once per run (a PGlite snapshot or a template database).
 */
export type TestDbKind = 'pglite' | 'postgres';

/** Where the original of a run lives: a PGlite snapshot file or a PostgreSQL template database. */
export interface TestDbOriginal {
  kind: TestDbKind;
  snapshotFile: string;
  template: string;
}

/** The PostgreSQL server the tests use (a fresh database per test file is created on it). */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const describeOriginal = (kind: TestDbKind): TestDbOriginal => {
  const runId = randomBytes(4).toString('hex');
  return {
    kind,
    snapshotFile: join(tmpdir(), `proxydesk-snapshot-${runId}.tar`),
    template: `proxydesk_template_${runId}`,
  };
};

const withAdmin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Builds the original once per run: returns a function that removes it. */
export const prepareOriginal = async ({
  kind,
  snapshotFile,
  template,
}: TestDbOriginal): Promise<() => Promise<void>> => {
  const catalogue = await readCatalogue();
  if (kind === 'pglite') {
    const database = await openPglite({});
    await migrate(database);
    await loadCatalogue(database.db, catalogue);
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(snapshotFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return () => rm(snapshotFile, { force: true });
  }
  await withAdmin((c) => c.query(`drop database if exists ${template} with (force)`));
  await withAdmin((c) => c.query(`create database ${template}`));
  const database = await openDatabase({ url: databaseUrl(template), poolSize: 2 });
  await migrate(database);
  await loadCatalogue(database.db, catalogue);
  await database.close();
  return () =>
    withAdmin((c) => c.query(`drop database if exists ${template} with (force)`)).then(() => undefined);
};

/**
 * Drops a test database once its connections are gone. `with (force)` straight away can kill a connection
 * the pool is still closing, which pg then reports as an unhandled error; force is only the last resort.
 */
const dropWhenFree = async (name: string) => {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    try {
      await withAdmin((c) => c.query(`drop database if exists ${name}`));
      return;
    } catch (error) {
      if (!/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
};

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (absent on PGlite). */
  url?: string;
}

/** A fresh copy of the original for one test file; `close()` also drops it. */
export const openTestDatabase = async ({
  kind,
  snapshotFile,
  template,
}: TestDbOriginal): Promise<TestDatabase> => {
  if (kind === 'pglite') {
    const snapshot = new Blob([await readFile(snapshotFile)]);
    return openPglite({ snapshot });
  }
  const name = `proxydesk_test_${randomBytes(6).toString('hex')}`;
  // Two copies of one template at the same instant fail ("being accessed by other users"): retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withAdmin((c) => c.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = databaseUrl(name);
  const database = await openDatabase({ url, poolSize: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await dropWhenFree(name);
    },
  };
};
