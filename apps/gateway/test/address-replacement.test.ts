import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoStandIn } from '@proxydesk/contract';
import { listenForAccessChanges, replaceAddresses, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { curlThroughAddress } from '../../../test-support/curl.js';
import {
  httpConnect,
  seedCustomer,
  startTestGateway,
  useGatewayTestbed,
} from '../../../test-support/gateway.js';
import { freePort } from '../../../test-support/ports.js';
import type { RunningGateway } from '../src/gateway.js';

const bed = useGatewayTestbed({ gateway: false });

/**
 * A replaced address stops answering within the gateway's change delay (issue #32 item 4): the gateway here never
 * syncs on its own (GATEWAY_SYNC_SECONDS=3600), so only the replacement's announcement can tell it.
 */
describe('address replacement at the gateway', () => {
  let gateway: RunningGateway;
  let poolPort: number;
  let web: Server;
  let url: string;
  let customer: Awaited<ReturnType<typeof seedCustomer>>;

  beforeAll(async () => {
    poolPort = await freePort();
    const db = bed.database.db;
    await db.update(schema.proxyPool).set({ port: poolPort }).where(eq(schema.proxyPool.productType, 'PR_4'));
    customer = await seedCustomer(db, { product: 'PR_4', dataGb: null, ipAmount: 2 });
    const [first, second] = await db
      .select()
      .from(schema.proxyPool)
      .where(eq(schema.proxyPool.productType, 'PR_4'))
      .orderBy(schema.proxyPool.address)
      .limit(2);
    await db.insert(schema.poolAssignments).values([
      { poolId: first!.id, customerPlanId: customer.planId },
      { poolId: second!.id, customerPlanId: customer.planId },
    ]);
    await db.insert(schema.whitelistedIps).values({ customerPlanId: customer.planId, ip: '127.0.0.1' });
    web = createServer((_req, res) => res.end('hello')).listen(0, '127.0.0.1');
    await once(web, 'listening');
    url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
    gateway = await startTestGateway(db, { GATEWAY_POOL_LISTEN: 'true', GATEWAY_HOST: '' }, (onChange) =>
      listenForAccessChanges(bed.database, onChange),
    );
  });
  afterAll(async () => {
    await gateway?.close();
    web?.close();
  });

  it('stops answering the old address and its open tunnels, and answers the new one for the same whitelist', async () => {
    const old = '192.0.2.1';
    const before = await curlThroughAddress(demoStandIn(old)!, poolPort, url);
    expect([before.status, before.body]).toEqual([200, 'hello']);
    const tunnel = await httpConnect(poolPort, url.slice('http://'.length, -1), undefined, {
      proxyHost: demoStandIn(old)!,
    });
    expect(tunnel.status).toBe(200);
    const closed = once(tunnel.socket, 'close');

    const outcome = await replaceAddresses(bed.database.db, {
      actor: { userId: customer.userId, ip: null },
      planId: customer.planId,
      addresses: [`${old}:${poolPort}`],
    });
    if (typeof outcome !== 'object' || !('replaced' in outcome)) throw new Error(JSON.stringify(outcome));
    const fresh = outcome.replaced[0]!.new.split(':')[0]!;
    expect(fresh).not.toBe(old);

    await vi.waitFor(
      async () => {
        const after = await curlThroughAddress(demoStandIn(old)!, poolPort, url);
        expect([after.status, after.body]).toEqual([403, 'This proxy address is not in use\n']);
      },
      { timeout: 3000, interval: 50 },
    );
    await closed;
    const replacement = await curlThroughAddress(demoStandIn(fresh)!, poolPort, url);
    expect([replacement.status, replacement.body]).toEqual([200, 'hello']);
  });
});
