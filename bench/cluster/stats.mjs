/** The `p`-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/**
 * Everything the simulated customers did: each request or tunnel under its step name with its time, and
 * each failure under the kind it was (`errorKind`) and when (`failedAt`, on the run's clock), so that the report
 * can say what broke, how often and whether it was the instance kill's doing.
 */
export const createStats = (clock) => {
  const steps = new Map();
  const errors = new Map();
  const stepOf = (name) => {
    let step = steps.get(name);
    if (!step) {
      step = { name, ms: [], failed: 0, failedAt: [] };
      steps.set(name, step);
    }
    return step;
  };
  return {
    ok: (name, ms) => stepOf(name).ms.push(ms),
    /** A failure: counted, its time left out of the percentiles (a refusal in 1 ms is no speed). */
    failed: (name, kind) => {
      const step = stepOf(name);
      step.failed += 1;
      step.failedAt.push(clock());
      const entry = errors.get(kind) ?? { count: 0, first: clock(), last: 0 };
      entry.count += 1;
      entry.last = clock();
      errors.set(kind, entry);
    },
    steps: () => [...steps.values()],
    errors: () => [...errors.entries()].map(([kind, entry]) => ({ kind, ...entry })),
  };
};
