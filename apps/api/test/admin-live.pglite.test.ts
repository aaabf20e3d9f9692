// The operator's CLI against a running shop on PGlite (issue #14): real server and CLI processes from
// sources. PGlite project only, as it spawns.
import { execFile, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertInvoice, insertUser, openPglite, recordUsage, type Database } from '@proxydesk/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromSource, root, runApiUntilExit, spawnApi } from '../../../test-support/api-process.js';

const PORT = 3461;
const RESTORED_PORT = 3462;
const environment = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: '',
  DATA_DIR: dataDir,
});

interface Shop {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the API on a data folder and waits until it answers; rejects with its stderr if it exits. */
const startShop = async (dataDir: string, port: number): Promise<Shop> => {
  const child = spawnApi(environment(dataDir, port));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a start on a busy machine takes long.
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the shop did not answer within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** A start that must fail: its exit code and stderr. */
const failedStart = (dataDir: string, port: number) =>
  runApiUntilExit({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });

/** `npm run admin -- …words` on a data folder: exit code, stdout and stderr. */
const admin = (dataDir: string, ...words: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...fromSource, 'apps/api/src/cli/main.ts', ...words],
      { cwd: root, env: environment(dataDir, 0), timeout: 180_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

const rows = async <T>(database: Database, query: string): Promise<T[]> => {
  const result: unknown = await database.db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
};

/** What a restore must bring back: every table's row count, and the rows that matter, in a fixed order. */
const contentsOf = async (dataDir: string) => {
  const database = await openPglite({ dataDir });
  try {
    const tables = await rows<{ name: string }>(
      database,
      // The shop's own tables (the job runner's bookkeeping moves on by itself).
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = (await rows<{ n: number }>(database, `select count(*)::int as n from ${name}`))[0]!.n;
    return {
      counts,
      users: await rows(database, 'select id, username, email, role from users order by username'),
      invoices: await rows(
        database,
        'select id, user_id, plan_name, price_cents, paid from invoices order by id',
      ),
      usage: await rows(
        database,
        `select user_id, product_type, sum(bytes_up)::text as up, sum(bytes_down)::text as down
           from usage_records group by 1, 2 order by 1, 2`,
      ),
      ledger: await rows(database, 'select user_id, amount_cents, reason from balance_ledger order by id'),
      coupons: await rows(database, 'select code, kind, value, max_uses from coupons order by code'),
      maintenance: await rows(database, 'select status from maintenance'),
    };
  } finally {
    await database.close();
  }
};

const folders: string[] = [];
const newFolder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'proxydesk-admin-'));
  folders.push(dir);
  return dir;
};

let dataDir: string;
let shop: Shop;
beforeAll(async () => {
  // A shop with customers, invoices and usage, as the API would have written them.
  dataDir = await newFolder();
  const snapshot = new Blob([await readFile(inject('testDb').snapshotFile)]);
  const database = await openPglite({ dataDir, snapshot });
  for (const name of ['alice', 'bob', 'carol']) {
    const user = await insertUser(database.db, {
      username: name,
      email: `${name}@example.com`,
      passwordHash: null,
      emailVerified: true,
      referralCode: `ref-${name}`,
      proxyUsername: `proxy-${name}`,
      proxyPassword: `secret-${name}`,
    });
    await insertInvoice(database.db, {
      userId: user.id,
      kind: 'balance',
      planName: 'Balance top-up',
      listPriceCents: 1000 + name.length,
      priceCents: 1000 + name.length,
      proxyType: 'BALANCE',
      paymentMethod: 'sandbox',
    });
    await recordUsage(database.db, {
      planId: null,
      userId: user.id,
      productType: 'PR_2',
      bucket: new Date(Date.now() - 3_600_000),
      bytesUp: 1000 * name.length,
      bytesDown: 123_456_789 * name.length,
    });
  }
  await database.close();
  shop = await startShop(dataDir, PORT);
}, 300_000);

afterAll(async () => {
  await shop?.stop();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

const maintenanceStatus = async (url: string) =>
  ((await (await fetch(`${url}/v1/maintenance/read`)).json()) as { payload: { status: boolean }[] })
    .payload[0]?.status;

/** Waits for the API to show a value (public catalogue reads are cached for a few seconds). */
const eventually = async <T>(read: () => Promise<T>, expected: T) => {
  const deadline = Date.now() + 60_000;
  while ((await read()) !== expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  expect(await read()).toBe(expected);
};

describe('the operator CLI while the PGlite shop runs (DESIGN.md §4)', () => {
  it('turns maintenance on and off through the running shop; the API shows it', async () => {
    const on = await admin(dataDir, 'maintenance', 'on');
    expect(on).toMatchObject({ code: 0, stdout: 'Maintenance mode: off → on\n' });
    await eventually(() => maintenanceStatus(shop.url), true);
    const off = await admin(dataDir, 'maintenance', 'off');
    expect(off).toMatchObject({ code: 0, stdout: 'Maintenance mode: on → off\n' });
    await eventually(() => maintenanceStatus(shop.url), false);
  }, 240_000);

  it('makes a reseller, a promo code and balance entries, and refuses what it must with a clear message', async () => {
    expect((await admin(dataDir, 'reseller', 'alice', 'on')).stdout).toBe('alice: customer → reseller\n');
    expect((await admin(dataDir, 'coupon', 'spring10', 'percent', '10', '100')).stdout).toBe(
      'Promo code SPRING10: 10% off, 100 uses\n',
    );
    expect((await admin(dataDir, 'balance', 'alice', '+25', 'goodwill', 'credit')).stdout).toBe(
      'alice: balance €0.00 → €25.00 (+€25.00, "goodwill credit")\n',
    );
    expect((await admin(dataDir, 'balance', 'alice', '-5.50', 'correction')).stdout).toBe(
      'alice: balance €25.00 → €19.50 (-€5.50, "correction")\n',
    );
    expect(await admin(dataDir, 'balance', 'alice', '-20', 'too much')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "admin: alice's balance is €19.50: a debit of €20.00 would take it below zero; nothing changed.\n",
    });
  }, 240_000);

  it('refuses to start on a copy of the folder made while the shop ran, and says so', async () => {
    const copy = await newFolder();
    await cp(dataDir, copy, { recursive: true });
    const { code, stderr } = await failedStart(copy, RESTORED_PORT);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Cannot start: DATA_DIR ${copy} was copied from ${dataDir} while ProxyDesk \\(pid \\d+\\) ran on it.*\\n$`,
      ),
    );
  }, 240_000);

  it('backs up the running shop; a restore into a fresh folder starts with the same customers, invoices and usage', async () => {
    const file = join(await newFolder(), 'shop.tar.gz');
    const taken = await admin(dataDir, 'backup', file);
    expect(taken.stdout).toMatch(
      new RegExp(
        `^Backup of DATA_DIR ${dataDir} written to ${file} \\(\\d+\\.\\d MB, taken from the running shop, pid ${shop.child.pid}\\)\\.\\n$`,
      ),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await shop.stop();
    const original = await contentsOf(dataDir);

    const fresh = join(await newFolder(), 'restored');
    const restored = await admin(fresh, 'restore', file);
    expect(restored).toMatchObject({
      code: 0,
      stdout: `Restored ${file} into DATA_DIR ${fresh}: 3 accounts, 3 invoices. Start the shop.\n`,
    });
    // A folder that holds something is not overwritten without --force.
    const again = await admin(fresh, 'restore', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty: .*add --force/);

    const restoredShop = await startShop(fresh, RESTORED_PORT);
    expect(await maintenanceStatus(restoredShop.url)).toBe(false);
    await restoredShop.stop();

    const copy = await contentsOf(fresh);
    expect(copy).toEqual(original);
    expect(copy.users).toHaveLength(3);
    expect(copy.usage).toHaveLength(3);
    expect(copy.ledger.map((entry) => (entry as { amount_cents: number }).amount_cents)).toEqual([
      2500, -550,
    ]);
    expect(copy.users).toContainEqual(expect.objectContaining({ username: 'alice', role: 'reseller' }));
    expect(copy.coupons).toEqual([{ code: 'SPRING10', kind: 'percent', value: 10, max_uses: 100 }]);
  }, 240_000);

  it('refuses to start over a truncated table file, saying to restore the last backup', async () => {
    const database = await openPglite({ dataDir });
    const [{ path }] = (await rows<{ path: string }>(
      database,
      `select pg_relation_filepath('users') as path`,
    )) as [{ path: string }];
    await database.close();
    await truncate(join(dataDir, path), 0);
    const { code, stderr } = await failedStart(dataDir, PORT);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Cannot start: Table users in DATA_DIR ${dataDir} cannot be read \\(.*\\): restore the last backup with \`npm run admin -- restore <file> --force\`.*\\.\\n$`,
      ),
    );
    expect(stderr).not.toMatch(/delete/i);
  }, 240_000);
});
