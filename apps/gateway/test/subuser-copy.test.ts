import { deleteSubuser, updateSubuser } from '@proxydesk/db';
import { describe, expect, it } from 'vitest';
import { seedCustomer, useGatewayTestbed } from '../../../test-support/gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';
import { createSubuserCopy } from '../src/access/subuser-copy.js';

/**
 * The gateway's copy of the sub-users (ADR 018): after the first full read, each re-read loads only what was
 * written or deleted since, and the copy ends up equal to a full read.
 */
const bed = useGatewayTestbed({ gateway: false });

describe("the gateway's copy of the sub-users", () => {
  it('follows creations, changes and deletions through re-reads of the changes alone', async () => {
    const db = bed.database.db;
    const owner = await seedCustomer(db, { product: 'PR_3' });
    const kept = await seedSubuser(db, owner.userId, 'PR_3');
    const gone = await seedSubuser(db, owner.userId, 'PR_3');
    const copy = createSubuserCopy(db);
    const first = await copy.read();
    expect('full' in first).toBe(true);
    expect([...copy.apply(first).keys()].sort()).toEqual([kept.proxyUsername, gone.proxyUsername].sort());

    await updateSubuser(db, owner.userId, kept.id, { paused: true, maxSources: 2 });
    await deleteSubuser(db, owner.userId, gone.id);
    const made = await seedSubuser(db, owner.userId, 'PR_3');
    const second = await copy.read();
    expect('changed' in second).toBe(true);
    if (!('changed' in second)) return;
    // Only what changed comes back (the overlap may bring a row again, never the whole table's worth).
    expect(second.changed.map((each) => each.id)).toContain(kept.id);
    expect(second.deleted).toEqual([gone.id]);
    const after = copy.apply(second);
    expect([...after.keys()].sort()).toEqual([kept.proxyUsername, made.proxyUsername].sort());
    expect(after.get(kept.proxyUsername)).toMatchObject({ paused: true, maxSources: 2 });
  });
});
