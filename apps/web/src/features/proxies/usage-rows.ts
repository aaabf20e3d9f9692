/** Bytes in a GB, as the server counts them (1024³). */
const GB = 1024 ** 3;

export interface UsageRow {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  bytes: number;
  /** GB with 2 decimals, as shown. */
  gb: string;
}

/**
 * The days of a plan's period in GB with 2 decimals that add up, as shown, to the total shown (largest remainder):
 * rounding each day alone could leave the table a hundredth off the "used" figure (issue #19 item 7).
 */
export const usageRows = (days: { date: string; bytes: number }[]): { rows: UsageRow[]; total: string } => {
  const hundredths = days.map((d) => (d.bytes / GB) * 100);
  const floors = hundredths.map(Math.floor);
  const totalBytes = days.reduce((sum, d) => sum + d.bytes, 0);
  const target = Math.round((totalBytes / GB) * 100);
  let left = target - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = hundredths.map((h, i) => ({ i, rest: h - floors[i]! })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return {
    rows: days.map((d, i) => ({ date: d.date, bytes: d.bytes, gb: (floors[i]! / 100).toFixed(2) })),
    total: (target / 100).toFixed(2),
  };
};

/** The table as CSV (RFC 4180): a header, then one line a day (or hour: `column` names it), oldest first. */
export const usageCsv = (rows: UsageRow[], column: 'date' | 'hour' = 'date'): string =>
  [`${column},gb,bytes`, ...rows.map((r) => `${r.date},${r.gb},${r.bytes}`)].join('\r\n') + '\r\n';

/** An hour's start (ISO 8601, UTC) as the browser's locale writes it, in UTC: "Nov 23, 14:00". */
export const hourLabel = (at: string) =>
  new Date(at).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });

/** A usage day (`YYYY-MM-DD`, UTC) as the browser's locale writes it: "Nov 23" (short) or "Nov 23, 2026". */
export const dayLabel = (date: string, withYear = false) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
