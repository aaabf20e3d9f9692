import { describe, expect, it } from 'vitest';
import { expandPoolLine } from './pool.js';

describe('proxy pool lines (issue #5 inventory)', () => {
  it('expands single addresses, IPv6 in brackets and IPv4 ranges', () => {
    expect(expandPoolLine('203.0.113.7:8080')).toEqual([{ address: '203.0.113.7', port: 8080 }]);
    expect(expandPoolLine('[2001:DB8::1]:31300')).toEqual([{ address: '2001:db8::1', port: 31300 }]);
    const range = expandPoolLine('10.0.0.254-10.0.1.1:3128');
    expect(range.map((e) => e.address)).toEqual(['10.0.0.254', '10.0.0.255', '10.0.1.0', '10.0.1.1']);
    expect(expandPoolLine('[2001:0db8:0:0::0001]:80')).toEqual([{ address: '2001:db8::1', port: 80 }]);
  });

  it('expands an IPv6 prefix of /112 or longer to its addresses, from the prefix start', () => {
    const prefix = expandPoolLine('[2001:db8::1:5/126]:31300');
    expect(prefix.map((e) => e.address)).toEqual([
      '2001:db8::1:4',
      '2001:db8::1:5',
      '2001:db8::1:6',
      '2001:db8::1:7',
    ]);
    expect(expandPoolLine('[2001:db8::/112]:80')).toHaveLength(65_536);
    expect(() => expandPoolLine('[2001:db8::/64]:80')).toThrow(/\/112 to \/128/);
  });

  it('refuses what it cannot read, with the line in the message', () => {
    for (const bad of [
      '10.0.0.1',
      '10.0.0.1:0',
      '10.0.0.1:70000',
      '10.0.0.9-10.0.0.1:80',
      '999.1.1.1:80',
      '[10.0.0.1]:80',
      'host.example:80',
      '10.0.0.0-10.2.0.0:80',
      '[2001:db8::/abc]:80',
      '[10.0.0.0/120]:80',
    ]) {
      expect(() => expandPoolLine(bad), bad).toThrow();
    }
  });
});
