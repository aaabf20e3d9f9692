import { describe, expect, it } from 'vitest';
import { hourLabel, usageCsv, usageRows } from './usage-rows';

const GB = 1024 ** 3;

describe('usageRows: days that add up to the used figure (issue #19 item 7)', () => {
  it('shows each day with 2 decimals and a total that is their sum, as the product page rounds it', () => {
    // Three days of a third of a GB: 0.33 each alone would sum to 0.99, not the 1.00 used.
    const third = Math.round(GB / 3);
    const { rows, total } = usageRows([
      { date: '2026-11-23', bytes: third },
      { date: '2026-11-24', bytes: third },
      { date: '2026-11-25', bytes: GB - 2 * third },
    ]);
    expect(total).toBe('1.00');
    expect(rows.reduce((sum, r) => sum + Number(r.gb) * 100, 0)).toBe(100);
    expect(rows.map((r) => r.gb).sort()).toEqual(['0.33', '0.33', '0.34']);
  });

  it('keeps zero days and exact values as they are', () => {
    const { rows, total } = usageRows([
      { date: '2026-11-24', bytes: 0 },
      { date: '2026-11-25', bytes: 1.25 * GB },
    ]);
    expect(rows.map((r) => r.gb)).toEqual(['0.00', '1.25']);
    expect(total).toBe('1.25');
    expect(usageRows([]).total).toBe('0.00');
  });

  it('writes the same rows as CSV', () => {
    const { rows } = usageRows([{ date: '2026-11-25', bytes: 1.5 * GB }]);
    expect(usageCsv(rows)).toBe(`date,gb,bytes\r\n2026-11-25,1.50,${1.5 * GB}\r\n`);
  });

  it('writes hours the same way, under an "hour" column (issue #31 item 4)', () => {
    const { rows } = usageRows([{ date: '2026-11-25T14:00:00.000Z', bytes: GB / 4 }]);
    expect(usageCsv(rows, 'hour')).toBe(`hour,gb,bytes\r\n2026-11-25T14:00:00.000Z,0.25,${GB / 4}\r\n`);
    expect(hourLabel('2026-11-25T14:00:00.000Z')).toMatch(/14:00/);
  });
});
