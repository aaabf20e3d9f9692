import { describe, expect, it } from 'vitest';
import { demoStandIn, isDemoAddress } from './demo-pool.js';

describe('the demo pool’s loopback stand-ins (issue #19)', () => {
  it('maps each documentation range to a loopback address of its own', () => {
    expect(demoStandIn('192.0.2.7')).toBe('127.0.2.7');
    expect(demoStandIn('198.51.100.250')).toBe('127.51.100.250');
    expect(demoStandIn('203.0.113.1')).toBe('127.0.113.1');
    expect(demoStandIn('2001:db8:5::1a0')).toBe('127.255.1.160');
    expect(demoStandIn('2001:DB8::')).toBe('127.255.0.0');
  });

  it('leaves real addresses alone', () => {
    for (const real of ['127.0.10.1', '8.8.8.8', '192.0.20.1', '2001:db9::1', '::1', 'fe80::1'])
      expect(isDemoAddress(real), real).toBe(false);
  });
});
