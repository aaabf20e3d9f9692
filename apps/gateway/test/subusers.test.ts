import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { lineUsername } from '@proxydesk/contract';
import { createSubuser, deleteSubuser, schema, usedGb, type Subuser } from '@proxydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer, usageOf, useGatewayTestbed } from '../../../test-support/gateway.js';

/** A sub-user's line with real curl (issue #31 item 2, ADR 016): let in, and its bytes charged to the owner's plan. */
const bed = useGatewayTestbed();
const run = promisify(execFile);

const BODY_BYTES = 123_456;
let server: Server;
let targetUrl: string;
/** Every request's bytes as the target's sockets counted them: what the plan must be charged. */
const seen: { received: number; sent: number }[] = [];

beforeAll(async () => {
  server = createServer((_req, res) => res.end('y'.repeat(BODY_BYTES)));
  server.on('connection', (socket) =>
    socket.on('close', () => seen.push({ received: socket.bytesRead, sent: socket.bytesWritten })),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  targetUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** `curl -x http://user:pass@gateway` to the target: its HTTP status, and the body's length. */
const curl = async (username: string, password: string, tunnel = false) => {
  const { stdout } = await run('curl', [
    '--silent',
    '--max-time',
    '10',
    '--output',
    '/dev/null',
    '--write-out',
    '%{http_code} %{size_download}',
    ...(tunnel ? ['--proxytunnel'] : []),
    '--proxy',
    `http://127.0.0.1:${bed.gateway.port}`,
    '--proxy-user',
    `${username}:${password}`,
    targetUrl,
  ]);
  const [status, size] = stdout.split(' ').map(Number);
  return { status, size };
};

const makeSubuser = async (userId: string, product: string, name: string): Promise<Subuser> => {
  const made = await createSubuser(
    bed.database.db,
    {
      userId,
      productType: product,
      name,
      proxyUsername: `s${Math.random().toString(36).slice(2).padEnd(11, '0').slice(0, 11)}`,
      proxyPassword: 'subuserpassword0123',
    },
    1000,
  );
  if (typeof made === 'string') throw new Error(made);
  return made;
};

const settled = async () => {
  await expect.poll(() => bed.gateway.openConnections()).toBe(0);
};

describe("a sub-user's line at the gateway (issue #31)", () => {
  it("is let in with real curl, and its bytes count against the owner's plan", async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const subuser = await makeSubuser(owner.userId, 'PR_2', 'curl');
    await bed.gateway.sync();
    const before = seen.length;
    const username = lineUsername(subuser.proxyUsername, 'PR_2');
    const plain = await curl(username, `${subuser.proxyPassword}_country-us`);
    expect(plain).toEqual({ status: 200, size: BODY_BYTES });
    const tunnelled = await curl(username, subuser.proxyPassword, true);
    expect(tunnelled).toEqual({ status: 200, size: BODY_BYTES });
    await expect.poll(() => seen.length).toBe(before + 2);
    await settled();
    await bed.gateway.sync();
    const bytes = seen.slice(before).reduce((sum, s) => sum + s.received + s.sent, 0);
    const usage = await usageOf(bed.database.db, owner.userId);
    expect(usage.up + usage.down).toBe(bytes);
    expect(usage.rows.every((row) => row.productType === 'PR_2')).toBe(true);
    expect((await usedGb(bed.database.db, owner.planId)) * 1024 ** 3).toBe(bytes);
  });

  it("is refused with the wrong password, another product's suffix, or once deleted", async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_6' });
    const subuser = await makeSubuser(owner.userId, 'PR_6', 'refused');
    await bed.gateway.sync();
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_6'), 'wrongpassword')).status).toBe(407);
    // Its username with the suffix of a product it is not a sub-user of.
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_2'), subuser.proxyPassword)).status).toBe(407);
    // The owner's password does not open the sub-user's line, nor the sub-user's the owner's.
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_6'), owner.password)).status).toBe(407);
    expect((await curl(owner.username, subuser.proxyPassword)).status).toBe(407);
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_6'), subuser.proxyPassword)).status).toBe(200);
    expect(await deleteSubuser(bed.database.db, owner.userId, subuser.id)).toBe(true);
    await bed.gateway.sync();
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_6'), subuser.proxyPassword)).status).toBe(407);
  });

  it('is refused when its owner has no running plan of the product', async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const subuser = await makeSubuser(owner.userId, 'PR_6', 'no plan');
    await bed.gateway.sync();
    expect((await curl(lineUsername(subuser.proxyUsername, 'PR_6'), subuser.proxyPassword)).status).toBe(403);
    const rows = await bed.database.db.select().from(schema.planUsage);
    expect(rows.find((row) => row.customerPlanId === owner.planId)).toBeUndefined();
  });
});
