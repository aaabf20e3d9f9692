import type { OwnerFairUse, Subuser } from '@proxydesk/contract';
import { recordSources, schema } from '@proxydesk/db';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useConsoleApp } from '../../../test-support/staff.js';

/**
 * Fair use set by the customer (issue #31 item 3): the shop's maximums per plan type in the console (operators
 * only, audited), the customer's caps within them on a sub-user and on the owner's line (400 naming the
 * maximum), the current sources on the rows, and another customer's sub-user not found (404). Both databases.
 */
const bed = useConsoleApp(['fay', 'gus']);
const { tokens } = bed;
const as = (name: string) => ({ token: tokens[name]! });
let sub: Subuser;
let fay: string;

const userId = async (username: string) =>
  (await bed.t.database.db.select().from(schema.users).where(eq(schema.users.username, username)))[0]!.id;

beforeAll(async () => {
  const made = await bed.api.post('/v1/subusers', { product: 'PR_3', name: 'Laptop' }, as('fay'));
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  sub = made.body.payload.subuser as Subuser;
  fay = await userId('fay');
});

const RESIDENTIAL = { max_sources: 3, window_minutes: 10, max_connections: 20 };

describe('the shop’s fair-use maximums (console)', () => {
  it('are the operator’s defaults until set; staff read them, only operators set them, with a reason, audited', async () => {
    const read = await bed.api.get('/v1/admin/fair-use', as('sue'));
    expect(read.status).toBe(200);
    expect(read.body.payload.maximums).toEqual(
      ['PR_2', 'PR_3', 'PR_6'].map((product) => ({
        product,
        max_sources: 0,
        window_minutes: 10,
        max_connections: 0,
      })),
    );
    // The console is invisible to customers (404), as its other routes.
    expect((await bed.api.get('/v1/admin/fair-use', as('fay'))).status).toBe(404);
    /** The residential maximums set as `who`, with `reason`. */
    const setResidential = (who: string, reason: string) =>
      bed.api.put('/v1/admin/fair-use/PR_3', { ...RESIDENTIAL, reason }, as(who));
    expect(await setResidential('sue', 'try')).toEqual({
      status: 403,
      body: { detail: 'Support has read-only access to the console' },
    });
    expect((await setResidential('fay', 'try')).status).toBe(404);

    for (const body of [
      RESIDENTIAL,
      { ...RESIDENTIAL, max_sources: 1001, reason: 'too many' },
      { ...RESIDENTIAL, window_minutes: 0, reason: 'no window' },
      { ...RESIDENTIAL, max_connections: -1, reason: 'negative' },
    ]) {
      const answer = await bed.api.put('/v1/admin/fair-use/PR_3', body, as('olga'));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect(
      (await bed.api.put('/v1/admin/fair-use/PR_4', { ...RESIDENTIAL, reason: 'ip' }, as('olga'))).status,
    ).toBe(400);

    const set = await setResidential('olga', 'accounts shared in a forum');
    expect(set).toEqual({
      status: 200,
      body: { detail: 'Fair-use maximums saved', payload: { product: 'PR_3', ...RESIDENTIAL } },
    });
    const [audit] = await bed.t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'fair-use.set'))
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({
      targetType: 'plan-type',
      targetId: 'PR_3',
      reason: 'accounts shared in a forum',
      before: { maxSources: 0, windowMinutes: 10, maxConnections: 0 },
      after: { maxSources: 3, windowMinutes: 10, maxConnections: 20 },
    });
    const after = await bed.api.get('/v1/admin/fair-use', as('olga'));
    expect(after.body.payload.maximums[1]).toEqual({ product: 'PR_3', ...RESIDENTIAL });
  });
});

describe('the customer’s caps within them', () => {
  it('refuses a sub-user’s cap over the maximum with 400 naming it; saves one within, and null goes back to the shop’s', async () => {
    const over = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_sources: 4 }, as('fay'));
    expect(over).toEqual({
      status: 400,
      body: {
        detail: "At most 3 source addresses per 10 minutes on Residential plans (the shop's maximum)",
      },
    });
    const tooOpen = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_connections: 21 }, as('fay'));
    expect(tooOpen.body.detail).toBe("At most 20 open connections on Residential plans (the shop's maximum)");
    for (const body of [{ max_sources: 0 }, { max_sources: 1.5 }, { max_connections: 'x' }]) {
      const answer = await bed.api.patch(`/v1/subusers/${sub.id}`, body, as('fay'));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }

    const saved = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_sources: 2 }, as('fay'));
    expect(saved.status).toBe(200);
    expect(saved.body.payload.fair_use).toEqual({
      max_sources: 2,
      max_connections: null,
      effective: { max_sources: 2, max_connections: 20 },
      sources: [],
    });
    const [row] = await bed.t.database.db
      .select()
      .from(schema.subusers)
      .where(eq(schema.subusers.id, sub.id));
    expect(row).toMatchObject({ maxSources: 2, maxConnections: null });

    // Nothing named changes nothing; a field left out stays; null goes back to the shop's maximum.
    const nothing = await bed.api.patch(`/v1/subusers/${sub.id}`, {}, as('fay'));
    expect(nothing.body.payload.fair_use.max_sources).toBe(2);
    expect((await bed.api.patch('/v1/fair-use', { product: 'PR_6' }, as('fay'))).status).toBe(200);
    const both = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_connections: 5 }, as('fay'));
    expect(both.body.payload.fair_use.effective).toEqual({ max_sources: 2, max_connections: 5 });
    const cleared = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_sources: null }, as('fay'));
    expect(cleared.body.payload.fair_use).toMatchObject({
      max_sources: null,
      max_connections: 5,
      effective: { max_sources: 3, max_connections: 5 },
    });
  });

  it('caps the owner’s own line the same way (PATCH /v1/fair-use)', async () => {
    const over = await bed.api.patch('/v1/fair-use', { product: 'PR_3', max_sources: 9 }, as('fay'));
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe(
      "At most 3 source addresses per 10 minutes on Residential plans (the shop's maximum)",
    );
    const saved = await bed.api.patch('/v1/fair-use', { product: 'PR_3', max_sources: 1 }, as('fay'));
    expect(saved.status).toBe(200);
    const view = saved.body.payload as OwnerFairUse;
    expect(view.maximum).toEqual({ product: 'PR_3', ...RESIDENTIAL });
    expect(view.owner).toMatchObject({ max_sources: 1, effective: { max_sources: 1, max_connections: 20 } });
    const [row] = await bed.t.database.db
      .select()
      .from(schema.ownerFairUse)
      .where(and(eq(schema.ownerFairUse.userId, fay), eq(schema.ownerFairUse.productType, 'PR_3')));
    expect(row).toMatchObject({ maxSources: 1, maxConnections: null });
    // Another product keeps its own (no maximum set: off, any cap allowed).
    const isp = await bed.api.patch('/v1/fair-use', { product: 'PR_2', max_sources: 50 }, as('fay'));
    expect(isp.body.payload.owner.effective).toEqual({ max_sources: 50, max_connections: 0 });
    expect(
      (await bed.api.get('/v1/fair-use?product=PR_3', as('gus'))).body.payload.owner.max_sources,
    ).toBeNull();
  });

  it('shows each set of credentials’ current sources (within the window, newest first) to its owner only', async () => {
    const now = Date.now();
    const seen = (credential: string, address: string, minutesAgo: number, subuserId?: string) => ({
      credential,
      userId: fay,
      productType: 'PR_3',
      subuserId,
      address,
      lastSeen: new Date(now - minutesAgo * 60_000),
    });
    await recordSources(bed.t.database.db, [
      seen(sub.id, '198.51.100.7', 2, sub.id),
      seen(sub.id, '198.51.100.8', 1, sub.id),
      seen(sub.id, '198.51.100.9', 30, sub.id),
      seen(`${fay}/PR_3`, '203.0.113.5', 0),
    ]);
    // An older sighting by another gateway never moves one back.
    await recordSources(bed.t.database.db, [seen(sub.id, '198.51.100.8', 5, sub.id)]);
    const list = await bed.api.get('/v1/subusers?product=PR_3', as('fay'));
    const row = (list.body.payload.subusers as Subuser[]).find((each) => each.id === sub.id)!;
    expect(row.fair_use.sources.map((source) => source.address)).toEqual(['198.51.100.8', '198.51.100.7']);
    expect(new Date(row.fair_use.sources[0]!.last_seen).getTime()).toBe(now - 60_000);
    const owner = await bed.api.get('/v1/fair-use?product=PR_3', as('fay'));
    const ownerView = owner.body.payload as OwnerFairUse;
    expect(ownerView.owner.sources.map((source) => source.address)).toEqual(['203.0.113.5']);
    expect(JSON.stringify((await bed.api.get('/v1/fair-use?product=PR_3', as('gus'))).body)).not.toContain(
      '203.0.113.5',
    );
  });

  it('another customer’s sub-user is not found (404) and stays unchanged', async () => {
    const answer = await bed.api.patch(`/v1/subusers/${sub.id}`, { max_sources: 1 }, as('gus'));
    expect(answer).toEqual({ status: 404, body: { detail: 'Sub-user not found' } });
    expect((await bed.api.patch('/v1/subusers/not-a-uuid', { max_sources: 1 }, as('gus'))).status).toBe(404);
    const [row] = await bed.t.database.db
      .select()
      .from(schema.subusers)
      .where(eq(schema.subusers.id, sub.id));
    expect(row!.maxSources).toBeNull();
  });
});
