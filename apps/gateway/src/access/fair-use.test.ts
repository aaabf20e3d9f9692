import { describe, expect, it } from 'vitest';
import type { Grant } from './decision.js';
import { createFairUse, fairUseCapsOf, type FairUseCaps } from './fair-use.js';

const caps = (fairUse: FairUseCaps): Grant => ({
  userId: 'owner',
  productType: 'PR_2',
  planId: 'plan',
  options: {},
  fairUse,
});

describe('fair use (issue #31 item 3)', () => {
  it('keeps a sliding window of source addresses per set of credentials, each from its latest connection', () => {
    let now = 0;
    const owner = caps({ maxSources: 2, windowMs: 600_000, maxConnections: 0 });
    const sub = { ...owner, subuserId: 'sub' };
    const fair = createFairUse(fairUseCapsOf, () => now);
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
    expect(fair.sourcesOf(owner).map((s) => s.address)).toEqual(['198.51.100.3', '198.51.100.1']);
    now = 2_000_000;
    expect(fair.sourcesOf(owner)).toEqual([]);
  });

  it('counts open connections per set of credentials, released as they end', () => {
    const owner = caps({ maxSources: 0, windowMs: 600_000, maxConnections: 1 });
    const sub = { ...owner, subuserId: 'sub' };
    const fair = createFairUse(fairUseCapsOf);
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
    expect(fair.admit(owner, '198.51.100.1')?.reason).toBe(
      'Fair use: too many open connections for these credentials (at most 1)',
    );
    expect(fair.admit(sub, '198.51.100.1')).toBeUndefined();
    fair.release(owner);
    expect(fair.admit(owner, '198.51.100.1')).toBeUndefined();
  });

  it("applies each grant's own caps (the customer's, from the snapshot) and keeps every sighting for the database", () => {
    const fair = createFairUse(fairUseCapsOf, () => 1_000);
    const tight = caps({ maxSources: 1, windowMs: 600_000, maxConnections: 0 });
    const loose = {
      ...tight,
      subuserId: 'sub',
      fairUse: { maxSources: 3, windowMs: 600_000, maxConnections: 0 },
    };
    expect(fair.admit(tight, '198.51.100.1')).toBeUndefined();
    expect(fair.admit(tight, '198.51.100.2')?.reason).toBe(
      'Fair use: too many source addresses for these credentials (at most 1 in 10 minutes)',
    );
    for (const source of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect(fair.admit(loose, source)).toBeUndefined();
    const seen = fair.drainSightings();
    expect(seen.map((each) => `${each.credential} ${each.address}`).sort()).toEqual([
      'owner/PR_2 198.51.100.1',
      'sub 198.51.100.1',
      'sub 198.51.100.2',
      'sub 198.51.100.3',
    ]);
    expect(fair.drainSightings()).toEqual([]);
    fair.restoreSightings(seen);
    expect(fair.drainSightings()).toHaveLength(4);
  });
});
