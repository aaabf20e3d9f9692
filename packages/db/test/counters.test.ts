import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  claimAttemptKey,
  countAttempt,
  deleteExpiredAttempts,
  forgiveAttempt,
  peekAttempts,
  resetAttempts,
  schema,
} from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';

const bed = useTestDatabase();

describe('attempt counters in the database (issue #28 item 11)', () => {
  it('count in a fixed window, atomically, and start again once it ended', async () => {
    const db = bed.database.db;
    const counts = await Promise.all(Array.from({ length: 10 }, () => countAttempt(db, 'burst', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await peekAttempts(db, 'burst')).ttlMs).toBeGreaterThan(55_000);
    await forgiveAttempt(db, 'burst');
    expect((await peekAttempts(db, 'burst')).count).toBe(9);
    await resetAttempts(db, 'burst');
    expect(await peekAttempts(db, 'burst')).toEqual({ count: 0, ttlMs: 0 });

    expect((await countAttempt(db, 'short', 200)).count).toBe(1);
    expect((await countAttempt(db, 'short', 200)).count).toBe(2);
    await sleep(300);
    expect((await peekAttempts(db, 'short')).count).toBe(0);
    expect((await countAttempt(db, 'short', 200)).count).toBe(1);
  });

  it('claim a key once until it expires, and the clean-up deletes only expired rows', async () => {
    const db = bed.database.db;
    expect(await claimAttemptKey(db, 'challenge', 200)).toBe(true);
    expect(await claimAttemptKey(db, 'challenge', 200)).toBe(false);
    await countAttempt(db, 'kept', 60_000);
    await sleep(300);
    expect(await claimAttemptKey(db, 'challenge', 60_000)).toBe(true);
    await countAttempt(db, 'gone', 100);
    await sleep(200);
    expect(await deleteExpiredAttempts(db)).toBe(2);
    const left = (await db.select().from(schema.attemptCounters)).map((row) => row.key).sort();
    expect(left).toEqual(['challenge', 'kept']);
  });
});
