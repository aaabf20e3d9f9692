import { randomBytes } from 'node:crypto';

/**
 * Unbiased random integers in [0, max) for max ≤ 256, drawn from a pool of crypto-random bytes refilled
 * 64 KiB at a time: 10,000 sticky lines need 80,000 draws, which one randomInt call each would make slow.
 */
export const createRandom = (): ((max: number) => number) => {
  let pool = randomBytes(0);
  let next = 0;
  return (max) => {
    if (max < 1 || max > 256) throw new RangeError('max must be 1..256');
    const limit = 256 - (256 % max);
    for (;;) {
      if (next >= pool.length) {
        pool = randomBytes(65_536);
        next = 0;
      }
      const byte = pool[next++]!;
      if (byte < limit) return byte % max;
    }
  };
};
