import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema, type Db } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlThrough } from '../../../test-support/curl.js';
import { seedCustomer, startTestGateway, useGatewayTestbed } from '../../../test-support/gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/**
 * Issue #31 item 4 at the gateway, with real curl: each set of credentials' bytes land in its hours and days in
 * the batch's transaction (summing to the plan's and the sub-user's own counts), and the target's host name —
 * never its path or query — in the day's domain statistics, unless the operator turned them off.
 */
const bed = useGatewayTestbed();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('z'.repeat(50_000)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const linesOf = async (db: Db, planId: string) =>
  db.select().from(schema.lineUsage).where(eq(schema.lineUsage.customerPlanId, planId));
const domainsOf = async (db: Db, planId: string) =>
  db.select().from(schema.lineDomains).where(eq(schema.lineDomains.customerPlanId, planId));
const sum = (rows: { bytes: number }[]) => rows.reduce((total, row) => total + row.bytes, 0);

describe('usage per set of credentials at the gateway (issue #31 item 4)', () => {
  it("writes hours, days and host names of the owner's and a sub-user's lines, adding up to the plan", async () => {
    const db = bed.database.db;
    const owner = await seedCustomer(db, { product: 'PR_2' });
    const sub = await seedSubuser(db, owner.userId, 'PR_2');
    await bed.gateway.sync();
    const secretPath = '/private/path?token=secret';
    expect((await curlThrough(bed.gateway.port, `${base}${secretPath}`, sub)).status).toBe(200);
    expect((await curlThrough(bed.gateway.port, `${base}/a`, sub, 'connect')).status).toBe(200);
    expect((await curlThrough(bed.gateway.port, `${base}/b`, owner)).status).toBe(200);
    await expect.poll(() => bed.gateway.openConnections()).toBe(0);
    await bed.gateway.sync();

    const [subRow] = await db.select().from(schema.subusers).where(eq(schema.subusers.id, sub.id));
    const [plan] = await db
      .select()
      .from(schema.planUsage)
      .where(eq(schema.planUsage.customerPlanId, owner.planId));
    expect(subRow!.usedBytes).toBeGreaterThan(100_000);
    const rows = await linesOf(db, owner.planId);
    for (const granularity of ['hour', 'day'] as const) {
      const of = rows.filter((row) => row.granularity === granularity);
      expect(sum(of.filter((row) => row.subuserId === sub.id))).toBe(subRow!.usedBytes);
      expect(sum(of.filter((row) => row.subuserId === null))).toBe(plan!.usedBytes - subRow!.usedBytes);
      expect(sum(of)).toBe(plan!.usedBytes);
    }
    const hour = rows.find((row) => row.granularity === 'hour')!.bucket;
    expect(hour.getTime() % 3_600_000).toBe(0);

    const domains = await domainsOf(db, owner.planId);
    expect(domains.map((d) => [d.subuserId, d.host, d.connections]).sort()).toEqual(
      [
        [null, '127.0.0.1', 1],
        [sub.id, '127.0.0.1', 2],
      ].sort(),
    );
    expect(sum(domains)).toBe(plan!.usedBytes);
    expect(JSON.stringify(domains)).not.toMatch(/private|token|secret/);
  });

  it('records no host name while the operator has DOMAIN_STATS off, and still the hours and days', async () => {
    const db = bed.database.db;
    const gateway = await startTestGateway(db, { DOMAIN_STATS: 'false' });
    try {
      const owner = await seedCustomer(db, { product: 'PR_2' });
      const sub = await seedSubuser(db, owner.userId, 'PR_2');
      await gateway.sync();
      expect((await curlThrough(gateway.port, `${base}/c`, sub)).status).toBe(200);
      await expect.poll(() => gateway.openConnections()).toBe(0);
      await gateway.sync();
      expect(sum((await linesOf(db, owner.planId)).filter((r) => r.granularity === 'day'))).toBeGreaterThan(
        50_000,
      );
      expect(await domainsOf(db, owner.planId)).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});
