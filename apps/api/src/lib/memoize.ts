/**
 * Shares one answer of `load` for `ms` milliseconds (and one call in flight); a failed load is
 * forgotten at once so the next call tries again. `ms` 0 turns the memo off.
 */
export const memoizeFor = <T>(ms: number, load: () => Promise<T>): (() => Promise<T>) => {
  if (ms <= 0) return load;
  let cached: { value: Promise<T>; until: number } | undefined;
  return () => {
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
};
