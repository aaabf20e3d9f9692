import { describe, expect, it } from 'vitest';
import type { Grant } from './decision.js';
import { createFairUse } from './fair-use.js';

const owner: Grant = { userId: 'owner', productType: 'PR_2', planId: 'plan', options: {} };
const sub: Grant = { ...owner, subuserId: 'sub' };

describe('fair use (issue #31 item 3)', () => {
  it('keeps a sliding window of source addresses per set of credentials, each from its latest connection', () => {
    let now = 0;
    const fair = createFairUse({ maxSources: 2, windowMs: 600_000, maxConnections: 0 }, () => now);
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
    now = 300_000;
    expect(fair.admit(owner, '198.51.100.2')).toBeUndefined();
    now = 540_000;
    expect(fair.admit(owner, '198.51.100.3')?.refused).toBe('busy');
    expect(fair.admit(sub, '198.51.100.3')).toBeUndefined();
    // The first address was seen again: it stays in the window from now.
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
    now = 900_001;
    expect(fair.admit(owner, '198.51.100.3')).toBeUndefined();
    expect(fair.sourcesOf('owner').map((s) => s.address)).toEqual(['198.51.100.3', '198.51.100.1']);
    now = 2_000_000;
    expect(fair.sourcesOf('owner')).toEqual([]);
  });

  it('counts open connections per set of credentials, released as they end', () => {
    const fair = createFairUse({ maxSources: 0, windowMs: 600_000, maxConnections: 1 });
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
    expect(fair.admit(owner, '198.51.100.1')?.reason).toBe(
      'Fair use: too many open connections for these credentials (at most 1)',
    );
    expect(fair.admit(sub, '198.51.100.1')).toBeUndefined();
    fair.release(owner);
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
  });
});
