import { describe, expect, it } from 'vitest';
import type { Grant } from '../access/decision.js';
import { createExits, sessionLifetimeMs } from './exits.js';

const grant = (options: Record<string, string>, userId = 'alice'): Grant => ({
  userId,
  productType: 'PR_2',
  planId: 'plan',
  options,
});

describe('exit addresses of credentials lines (issue #31 item 5)', () => {
  it('reads the lifetime, 10 minutes by default', () => {
    expect(sessionLifetimeMs({ session: 'abcdefgh' })).toBe(600_000);
    expect(sessionLifetimeMs({ session: 'abcdefgh', lifetime: '2h' })).toBe(7_200_000);
    expect(sessionLifetimeMs({ session: 'abcdefgh', lifetime: '1m' })).toBe(60_000);
  });

  it('keeps each family apart, sends from loopback to loopback only, and none without addresses', () => {
    const exits = createExits(['198.51.100.1', '198.51.100.2', '2001:db8::1', '127.0.0.2']);
    expect(exits.exitFor(grant({}), '2606:4700::1111')).toBe('2001:db8::1');
    expect(exits.exitFor(grant({}), '8.8.8.8')).toBe('198.51.100.1');
    expect(exits.exitFor(grant({}), '8.8.8.8')).toBe('198.51.100.2');
    expect(exits.exitFor(grant({}), '8.8.8.8')).toBe('198.51.100.1');
    const sticky = grant({ session: 'abcdefgh' });
    expect(exits.exitFor(sticky, '8.8.8.8')).toBe('198.51.100.2');
    expect(exits.exitFor(sticky, '2606:4700::1111')).toBe('2001:db8::1');
    expect(exits.exitFor(sticky, '8.8.4.4')).toBe('198.51.100.2');
    expect(createExits([]).exitFor(sticky, '8.8.8.8')).toBeUndefined();
    expect(createExits(['2001:db8::1']).exitFor(sticky, '8.8.8.8')).toBeUndefined();
  });

  it('holds a session for its lifetime from its first connection, then takes the next address', () => {
    let now = 0;
    const exits = createExits(['198.51.100.1', '198.51.100.2'], () => now);
    const sticky = grant({ session: 'abcdefgh', lifetime: '30m' });
    expect(exits.exitFor(sticky, '8.8.8.8')).toBe('198.51.100.1');
    now = 30 * 60_000 - 1;
    expect(exits.exitFor(sticky, '8.8.8.8')).toBe('198.51.100.1');
    now += 1;
    expect(exits.exitFor(sticky, '8.8.8.8')).toBe('198.51.100.2');
    // Bob's session of the same id is his own.
    expect(exits.exitFor(grant({ session: 'abcdefgh' }, 'bob'), '8.8.8.8')).toBe('198.51.100.1');
    expect(exits.sessions()).toBe(2);
  });
});
