import { describe, expect, it, vi } from 'vitest';
import { memoizeFor } from './memoize.js';

describe('memoizeFor', () => {
  it('shares one load for the time given, then loads again', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const get = memoizeFor(5000, () => Promise.resolve((n += 1)));
      expect(await Promise.all([get(), get()])).toEqual([1, 1]);
      vi.advanceTimersByTime(4999);
      expect(await get()).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await get()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a failed load so the next call tries again', async () => {
    let fail = true;
    const get = memoizeFor(60_000, () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')));
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('up');
  });

  it('with 0 ms asks every time', async () => {
    let n = 0;
    const get = memoizeFor(0, () => Promise.resolve((n += 1)));
    expect([await get(), await get()]).toEqual([1, 2]);
  });
});
