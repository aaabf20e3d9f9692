import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { startJobRunner, type JobDefinition, type JobRunner } from '../src/jobs/runner.js';

const log = pino({ level: 'silent' });
const timing = { cronSeconds: 1, maintenanceSeconds: 1 };
const pollingSeconds = 0.5;

let database: TestDatabase;
const running: JobRunner[] = [];
beforeAll(async () => {
  database = await openTestDatabase(inject('testDb'));
});
afterAll(async () => {
  for (const runner of running) await runner.stop().catch(() => undefined);
  await database.close();
});

const start = async (jobs: JobDefinition[], onFailure?: (name: string, final: boolean) => void) => {
  const runner = await startJobRunner({
    database,
    jobs,
    log,
    pollingSeconds,
    timing,
    ...(onFailure ? { onFailure } : {}),
  });
  running.push(runner);
  return runner;
};

const until = async (condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const jobState = async (id: string) => {
  const text = 'select state, retry_count from pgboss.job where id = $1';
  const { rows } = database.pool
    ? await database.pool.query(text, [id])
    : await database.pglite!.query(text, [id]);
  return rows[0] as { state: string; retry_count: number } | undefined;
};

describe('the job runner (issue #16 §1)', () => {
  it('starts on a new database even when several instances start at the same moment', async () => {
    const queues = ['q-one', 'q-two', 'q-three', 'q-four'].map((name): JobDefinition => ({
      name,
      cron: '*/5 * * * *',
      handler: () => Promise.resolve(),
    }));
    // Several instances share a PostgreSQL; PGlite belongs to one process, so it has one runner.
    const instances = database.kind === 'postgres' ? 3 : 1;
    await Promise.all(Array.from({ length: instances }, () => start(queues)));
    const text = `select count(*)::int as n from pgboss.queue where name like 'q-%'`;
    const { rows } = database.pool ? await database.pool.query(text) : await database.pglite!.query(text);
    expect(rows).toEqual([{ n: 4 }]);
  });

  it('retries a job that throws with backoff, then records it as failed and says so', async () => {
    let tries = 0;
    const failures: boolean[] = [];
    const runner = await start(
      [
        {
          name: 'always-fails',
          retryLimit: 2,
          retryDelaySeconds: 1,
          handler: () => {
            tries += 1;
            return Promise.reject(new Error('provider down'));
          },
        },
      ],
      (name, final) => name === 'always-fails' && failures.push(final),
    );
    const id = await runner.send('always-fails', {});
    expect(id).toBeTruthy();
    await until(async () => (await jobState(id!))?.state === 'failed', 'the job to fail for good');
    expect(tries).toBe(3);
    expect(failures).toEqual([false, false, true]);
    expect((await jobState(id!))?.retry_count).toBe(2);
  });

  it('hands each sent job to one runner when two run over one database', async () => {
    const seen: string[] = [];
    const job = (name: string): JobDefinition<{ n?: number }> => ({
      name: 'count-once',
      handler: ({ n }) => {
        seen.push(`${name}:${n}`);
        return Promise.resolve();
      },
    });
    const first = await start([job('a')]);
    await start([job('b')]);
    for (let n = 0; n < 20; n += 1) await first.send('count-once', { n });
    await until(() => seen.length >= 20, 'twenty jobs to run');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const numbers = seen.map((entry) => Number(entry.split(':')[1])).sort((x, y) => x - y);
    expect(numbers).toEqual([...Array(20).keys()]);
  });

  it('fires a schedule once per slot across two runners', async () => {
    // A `* * * * *` schedule fires once per minute: start early in a minute, so the check stays inside it.
    await until(() => new Date().getSeconds() < 30, 'the start of a minute', 35_000);
    const minute = Math.floor(Date.now() / 60_000);
    const runs: number[] = [];
    const job: JobDefinition = {
      name: 'every-minute',
      cron: '* * * * *',
      handler: () => {
        runs.push(Math.floor(Date.now() / 60_000));
        return Promise.resolve();
      },
    };
    await start([job]);
    await start([job]);
    await until(() => runs.length > 0, 'the schedule to fire');
    // Both runners check the schedule every second: a second firing would come within a few checks.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(runs.filter((m) => m === minute)).toHaveLength(1);
    expect(runs.length).toBe(new Set(runs).size);
  }, 90_000);

  it('neither loses nor doubles a job whose runner stops in the middle of it', async () => {
    const done: string[] = [];
    let started = 0;
    const crashing = await startJobRunner({
      database,
      log,
      pollingSeconds,
      timing,
      jobs: [
        {
          name: 'survives-restart',
          expireInSeconds: 2,
          retryDelaySeconds: 1,
          // The first runner dies in the middle: its try never ends.
          handler: () => {
            started += 1;
            return new Promise<void>(() => undefined);
          },
        },
      ],
    });
    const id = await crashing.send('survives-restart', { key: 'k1' });
    await until(() => started === 1, 'the first try to start');
    await crashing.stop({ graceful: false });

    await start([
      {
        name: 'survives-restart',
        expireInSeconds: 2,
        retryDelaySeconds: 1,
        handler: (data) => {
          done.push((data as { key: string }).key);
          return Promise.resolve();
        },
      },
    ]);
    await until(
      async () => (await jobState(id!))?.state === 'completed',
      'the job to complete after the restart',
    );
    expect(done).toEqual(['k1']);
  }, 45_000);
});
