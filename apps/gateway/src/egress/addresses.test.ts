import { describe, expect, it } from 'vitest';
import { createTargetPolicy } from './addresses.js';

const allowed = createTargetPolicy(false);

describe('IPv6 forms that carry an IPv4 address (issue #15 §12)', () => {
  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
    ['IPv4-compatible private', '::a00:1'],
    ['IPv4-compatible metadata', '::a9fe:a9fe'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of metadata', '64:ff9b::a9fe:a9fe'],
    ['NAT64 local-use prefix', '64:ff9b:1::808:808'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ])('refuses %s (%s), like its IPv4 address', (_kind, address) => {
    expect(allowed(address)).toBe(false);
  });

  it.each([
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['plain public IPv6', '2606:4700::1111'],
    ['public IPv4', '8.8.8.8'],
  ])('lets %s (%s) through', (_kind, address) => {
    expect(allowed(address)).toBe(true);
  });
});
