import type { Socket } from 'node:net';
import { bytesTowardLimit, schema, updateSubuser, usedGb } from '@proxydesk/db';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  httpConnect,
  readBytes,
  seedCustomer,
  useGatewayTestbed,
  type TargetConnection,
} from '../../../test-support/gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/**
 * Issue #31 item 2, as a property: whatever the interleaving of traffic (an owner and two sub-users, each
 * through a tunnel it keeps open or opens anew), pauses, resumes and limit changes, a sub-user that the last
 * metering interval left paused or at its limit moves no byte until the next one (so it never passes its
 * limit by more than one interval's bytes), and at the end each sub-user's count is exactly what the target
 * saw of it, and the sub-users' and the owner's bytes add up to the plan's used bytes.
 */
const bed = useGatewayTestbed();

const who = fc.constantFrom(0, 1, 2); // 2 is the owner
const action = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('traffic' as const),
      who,
      bytes: fc.integer({ min: 1, max: 90_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pause' as const),
      who: fc.constantFrom(0, 1),
      paused: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      who: fc.constantFrom(0, 1),
      bytes: fc.option(fc.integer({ min: 1_000, max: 300_000 }), { nil: null }),
    }),
  },
);

interface Line {
  username: string;
  password: string;
  tunnel?: Socket;
  /** The target's records of this line's connections: what its counts must equal. */
  seen: TargetConnection[];
}

const run = async (
  actions: (typeof action extends fc.Arbitrary<infer T> ? T : never)[],
  periods: ('lifetime' | 'day')[],
) => {
  const db = bed.database.db;
  const owner = await seedCustomer(db, { product: 'PR_2', dataGb: 100 });
  const subs = await Promise.all(
    periods.map((limitPeriod) => seedSubuser(db, owner.userId, 'PR_2', { limitBytes: 150_000, limitPeriod })),
  );
  /** The sub-users' rows as they stand in the database. */
  const subRows = () =>
    db
      .select()
      .from(schema.subusers)
      .where(
        inArray(
          schema.subusers.id,
          subs.map((s) => s.id),
        ),
      );
  const lines: Line[] = [...subs, owner].map((each) => ({
    username: each.username,
    password: each.password,
    seen: [],
  }));
  /** Whether each sub-user was paused or at its limit as of the last sync (what the gateway then knew). */
  let blocked = [false, false];
  const sync = async () => {
    await bed.gateway.sync();
    const rows = await subRows();
    blocked = subs.map((sub) => {
      const row = rows.find((r) => r.id === sub.id)!;
      return row.paused || (row.limitBytes !== null && bytesTowardLimit(row) >= row.limitBytes);
    });
    // A blocked sub-user's open tunnel is closed by this very sync.
    for (const [i, line] of lines.slice(0, 2).entries()) {
      if (!blocked[i] || !line.tunnel) continue;
      const tunnel = line.tunnel;
      await expect.poll(() => tunnel.destroyed, { timeout: 5_000 }).toBe(true);
      line.tunnel = undefined;
    }
  };
  await sync();
  for (const step of actions) {
    if (step.kind === 'sync') await sync();
    else if (step.kind === 'pause')
      await updateSubuser(db, owner.userId, subs[step.who]!.id, { paused: step.paused });
    else if (step.kind === 'limit')
      await updateSubuser(db, owner.userId, subs[step.who]!.id, { limitBytes: step.bytes });
    else {
      const line = lines[step.who]!;
      if (line.tunnel?.destroyed) line.tunnel = undefined;
      if (!line.tunnel) {
        const before = bed.target.connections.length;
        const opened = await httpConnect(bed.gateway.port, `127.0.0.1:${bed.target.port}`, line);
        if (step.who < 2 && blocked[step.who]) {
          // Left blocked by the last interval: refused, and nothing reached the target.
          expect(opened.status).toBe(403);
          expect(bed.target.connections.length).toBe(before);
        }
        if (opened.status !== 200) {
          opened.socket.destroy();
          continue;
        }
        await expect.poll(() => bed.target.connections.length).toBe(before + 1);
        line.seen.push(bed.target.connections.at(-1)!);
        line.tunnel = opened.socket;
        opened.socket.on('error', () => undefined);
      }
      line.tunnel.write(`SEND ${step.bytes}\n`);
      await readBytes(line.tunnel, step.bytes);
    }
  }
  for (const line of lines) line.tunnel?.destroy();
  await Promise.all(lines.flatMap((line) => line.seen.map((seen) => seen.closed)));
  await expect.poll(() => bed.gateway.openConnections()).toBe(0);
  await bed.gateway.sync();

  const bytesOf = (line: Line) => line.seen.reduce((sum, seen) => sum + seen.received + seen.sent, 0);
  const rows = await subRows();
  for (const [i, sub] of subs.entries()) {
    const row = rows.find((r) => r.id === sub.id)!;
    expect(row.usedBytes).toBe(bytesOf(lines[i]!));
    expect(row.periodUsedBytes).toBe(row.usedBytes);
  }
  const plan = Math.round((await usedGb(db, owner.planId)) * 1024 ** 3);
  expect(plan).toBe(lines.reduce((sum, line) => sum + bytesOf(line), 0));
  const [ownerRow] = await db
    .select()
    .from(schema.planUsage)
    .where(eq(schema.planUsage.customerPlanId, owner.planId));
  expect((ownerRow?.usedBytes ?? 0) - rows.reduce((sum, row) => sum + row.usedBytes, 0)).toBe(
    bytesOf(lines[2]!),
  );
  // Item 4: each line's hours and days, written in the same transactions, add up to the same counts.
  const perLine = await db
    .select()
    .from(schema.lineUsage)
    .where(eq(schema.lineUsage.customerPlanId, owner.planId));
  for (const granularity of ['hour', 'day'] as const)
    for (const [i, line] of lines.entries()) {
      const id = subs[i]?.id ?? null;
      const of = perLine.filter((row) => row.granularity === granularity && row.subuserId === id);
      expect(of.reduce((sum, row) => sum + row.bytes, 0)).toBe(bytesOf(line));
    }
};

describe('sub-users under random interleavings (issue #31 item 2)', () => {
  it('never move a byte in an interval that began with them paused or at their limit, and the sums stay exact', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 4, maxLength: 14 }),
        fc.tuple(
          fc.constantFrom('lifetime' as const, 'day' as const),
          fc.constantFrom('lifetime' as const, 'day' as const),
        ),
        (actions, periods) => run(actions, periods),
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});
