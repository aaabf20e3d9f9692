import autocannon from 'autocannon';

/** Requests per second of GET `url` over `seconds`, with `connections` in flight. */
export const requestsPerSecond = async (url, { seconds = 3, connections = 32, headers = {} } = {}) => {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed answers during the benchmark`);
  return result.requests.average;
};

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Measures `subject` and `baseline` in interleaved rounds (so both see the same machine state)
 * and returns the medians and subject / baseline.
 */
export const interleaved = async (rounds, subject, baseline) => {
  const s = [];
  const b = [];
  for (let i = 0; i < rounds; i += 1) {
    b.push(await baseline());
    s.push(await subject());
  }
  return { subject: median(s), baseline: median(b), ratio: median(s) / median(b) };
};

export const row = (name, value, note = '') =>
  console.log(`  ${name.padEnd(44)} ${String(value).padStart(12)}  ${note}`);
