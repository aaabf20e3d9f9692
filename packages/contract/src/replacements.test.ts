import { describe, expect, it } from 'vitest';
import { endpointLine, quotaMonthStart, replaceBodySchema, replacementQuota } from './replacements.js';

describe('address replacement rules (issue #32 item 4)', () => {
  it('allows a share of the addresses each month, rounded down, at least 1', () => {
    expect(replacementQuota(10, 10)).toBe(1);
    expect(replacementQuota(25, 10)).toBe(2);
    expect(replacementQuota(100, 10)).toBe(10);
    expect(replacementQuota(3, 10)).toBe(1);
    expect(replacementQuota(1, 100)).toBe(1);
    expect(replacementQuota(50, 30)).toBe(15);
  });

  it('counts from the first instant of the UTC month', () => {
    expect(quotaMonthStart(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(quotaMonthStart(new Date('2027-01-01T00:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('writes lines as the pages show them, IPv6 in brackets', () => {
    expect(endpointLine({ address: '192.0.2.7', port: 31200 })).toBe('192.0.2.7:31200');
    expect(endpointLine({ address: '2001:db8:5::100', port: 31300 })).toBe('[2001:db8:5::100]:31300');
  });

  it('takes 1 to 1000 different addresses', () => {
    expect(replaceBodySchema.safeParse({ addresses: ['192.0.2.7:31200'] }).success).toBe(true);
    expect(replaceBodySchema.safeParse({ addresses: [] }).success).toBe(false);
    expect(replaceBodySchema.safeParse({ addresses: ['a', 'a'] }).success).toBe(false);
    expect(
      replaceBodySchema.safeParse({ addresses: Array.from({ length: 1001 }, (_, i) => `${i}`) }).success,
    ).toBe(false);
  });
});
