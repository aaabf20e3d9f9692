import { schema, setOwnerFairUse, updateSubuser } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCustomer, useGatewayTestbed } from '../../../test-support/gateway.js';
import { useLoggedGateway } from '../../../test-support/logged-gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/**
 * Caps set by the customer (issue #31 item 3), with real curl from several source addresses: the gateway here
 * never syncs on its own (GATEWAY_SYNC_SECONDS=3600) and has no caps of the operator's, so only the snapshot
 * re-read on the announcement (NOTIFY) of the customer's change can refuse or let a line through.
 */
const bed = useGatewayTestbed({ gateway: false });
const run = useLoggedGateway(bed, { announced: true });
const loggedBusy = (reason: string, from: string, subuser?: string) =>
  run.logged({ reason, source: from, outcome: 'busy', subuser }, 10_000);

describe("the customer's own fair-use caps at the gateway", () => {
  it("refuses a sub-user's second source with 429 once capped at 1, and lets it through once the cap is raised (NOTIFY)", async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_3' });
    const sub = await seedSubuser(bed.database.db, owner.userId, 'PR_3');
    await run.gateway.sync();
    // No cap yet: three sources pass.
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4'])
      expect((await run.curl(sub, 'http', from)).status).toBe(200);

    await updateSubuser(bed.database.db, owner.userId, sub.id, { maxSources: 3 });
    const other = await seedSubuser(bed.database.db, owner.userId, 'PR_3', { maxSources: 1 });
    await run.gateway.sync();
    expect((await run.curl(other, 'http', '127.0.0.2')).status).toBe(200);
    const refused = await run.curl(other, 'http', '127.0.0.3');
    const rule = 'Fair use: too many source addresses for these credentials (at most 1 in 10 minutes)';
    expect({ status: refused.status, body: refused.body.trim() }).toEqual({ status: 429, body: rule });
    await loggedBusy(rule, '127.0.0.3', other.id);
    expect((await run.curl(other, 'connect', '127.0.0.3')).connect).toBe(429);

    await updateSubuser(bed.database.db, owner.userId, other.id, { maxSources: 2 });
    await expect
      .poll(async () => (await run.curl(other, 'http', '127.0.0.3')).status, {
        timeout: 10_000,
      })
      .toBe(200);
    expect((await run.curl(other, 'http', '127.0.0.4')).status).toBe(429);
    // The first sub-user, capped at 3 with 3 already seen, keeps them and is refused a fourth.
    expect((await run.curl(sub, 'http', '127.0.0.5')).status).toBe(429);
    expect((await run.curl(sub, 'http', '127.0.0.2')).status).toBe(200);
  });

  it("caps the owner's own line of a product, and a maximum lowered by the shop clamps the customer's cap", async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_6' });
    await run.gateway.sync();
    await setOwnerFairUse(bed.database.db, owner.userId, 'PR_6', { maxSources: 2 });
    // Each try from a new address: once the announced cap arrives, a third one is refused.
    let last = 1;
    await expect
      .poll(async () => (await run.curl(owner, 'http', `127.0.1.${(last += 1)}`)).status, { timeout: 10_000 })
      .toBe(429);
    expect(last).toBeGreaterThanOrEqual(3);
    // The shop's maximum for premium residential goes to 1: another owner's cap of 2 is clamped to it.
    await bed.database.db
      .insert(schema.fairUseMaximums)
      .values({ productType: 'PR_6', maxSources: 1, windowMinutes: 10, maxConnections: 0 });
    const clamped = await seedCustomer(bed.database.db, { product: 'PR_6' });
    await setOwnerFairUse(bed.database.db, clamped.userId, 'PR_6', { maxSources: 2 });
    await run.gateway.sync();
    expect((await run.curl(clamped, 'http', '127.0.0.2')).status).toBe(200);
    expect((await run.curl(clamped, 'http', '127.0.0.3')).status).toBe(429);
    await loggedBusy(
      'Fair use: too many source addresses for these credentials (at most 1 in 10 minutes)',
      '127.0.0.3',
    );
  });

  it('writes the sources it saw with the sync, for the customer to see', async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const sub = await seedSubuser(bed.database.db, owner.userId, 'PR_2');
    await run.gateway.sync();
    expect((await run.curl(sub, 'http', '127.0.0.6')).status).toBe(200);
    expect((await run.curl(owner, 'socks5', '127.0.0.7')).status).toBe(200);
    await run.gateway.sync();
    const rows = await bed.database.db
      .select()
      .from(schema.fairUseSources)
      .where(eq(schema.fairUseSources.userId, owner.userId));
    expect(rows.map((row) => `${row.credential} ${row.subuserId ?? '-'} ${row.address}`).sort()).toEqual(
      [`${owner.userId}/PR_2 - 127.0.0.7`, `${sub.id} ${sub.id} 127.0.0.6`].sort(),
    );
    expect(Math.abs(rows[0]!.lastSeen.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
