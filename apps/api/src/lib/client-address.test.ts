import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('one key per client for every per-address limit (issue #28 item 12)', () => {
  it('keys IPv4 as it is, and IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is spelled', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:abcd',
      '2001:db8:1:2:a:b:c:d',
    ])
      expect(addressKey(same), same).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('keeps anything else as it is (a client gone before its address was read)', () => {
    expect(addressKey('gone')).toBe('gone');
  });
});
