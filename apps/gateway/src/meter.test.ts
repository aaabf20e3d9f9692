import { describe, expect, it } from 'vitest';
import { statsHost } from './meter.js';

describe('statsHost: what domain statistics keep of a target (issue #31 item 4, ADR 006)', () => {
  it('keeps the host name alone, lower-cased, without brackets or a trailing dot', () => {
    expect(statsHost('WWW.Example.COM.')).toBe('www.example.com');
    expect(statsHost('[2001:db8::1]')).toBe('2001:db8::1');
    expect(statsHost('203.0.113.7')).toBe('203.0.113.7');
    expect(statsHost(`${'a'.repeat(300)}.example`)).toHaveLength(253);
  });
});
