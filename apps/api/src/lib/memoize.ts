/** A memoized load, and how to drop its answer so the next call loads afresh. */
export type Memo<T> = (() => Promise<T>) & { forget(): void };

/**
 * Shares one answer of `load` for `ms` milliseconds (and one call in flight); a failed load is
 * forgotten at once so the next call tries again, and `forget()` drops the answer on demand (a change
 * made by this instance shows at once). `ms` 0 turns the memo off.
 */
export const memoizeFor = <T>(ms: number, load: () => Promise<T>): Memo<T> => {
  let cached: { value: Promise<T>; until: number } | undefined;
  const memo = () => {
    if (ms <= 0) return load();
    const now = Date.now();
    if (!cached || cached.until <= now) {
      const value = load();
      cached = { value, until: now + ms };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
  return Object.assign(memo, { forget: () => void (cached = undefined) });
};
