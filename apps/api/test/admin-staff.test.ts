import { adminCustomerActions, adminEndpoints, buildPath, type Endpoint } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { signInAsStaff } from '../../../test-support/staff.js';
import { useMailedApp } from '../../../test-support/app.js';

/**
 * Issue #28 items 2 and 3: console customer actions apply to customers and resellers only, never to one's own
 * account; staff are listed, added and removed in the staff screen, by operators, audited (ADR 004).
 */
const bed = useMailedApp();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const db = () => bed.t.database.db;
const userRow = async (name: string) =>
  (await db().select().from(schema.users).where(eq(schema.users.id, ids[name]!)))[0]!;
const auditOf = (name: string) =>
  db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, ids[name]!));

beforeAll(async () => {
  for (const [name, role] of [
    ['opal', 'operator'],
    ['otis', 'operator'],
    ['sam', 'support'],
  ] as const)
    tokens[name] = await signInAsStaff(bed.api, bed.smtp, db(), { username: name, role });
  for (const name of ['cora', 'carl'])
    tokens[name] = await signUp(bed.api, bed.smtp, { username: name, email: `${name}@example.com` });
  for (const user of await db().select().from(schema.users)) ids[user.username] = user.id;
});

/** Every console action on one customer, each with a body that would otherwise go through. */
const customerActions: [Endpoint, Record<string, unknown>][] = [
  [adminCustomerActions.setActive, { active: false }],
  [adminCustomerActions.resetTwoFactor, {}],
  [adminCustomerActions.setReseller, { reseller: true }],
  [adminCustomerActions.revokeSessions, {}],
  [adminCustomerActions.rotateProxyPassword, {}],
  [adminCustomerActions.resendConfirmation, {}],
  [adminCustomerActions.giftPlan, { plan_id: '00000000-0000-4000-8000-000000000000', days: 1 }],
  [adminCustomerActions.changeEmail, { email: 'outside@attacker.example' }],
  [adminEndpoints.adjustBalance, { amount: 5, idempotency_key: 'staff-rule-probe-0001' }],
];

const act = (endpoint: Endpoint, body: Record<string, unknown>, who: string, target: string) =>
  bed.api.post(
    buildPath(endpoint.path, { id: ids[target]! }),
    { ...body, reason: 'Testing the rule' },
    {
      token: tokens[who],
    },
  );

describe('console customer actions never reach staff or oneself (issue #28 items 2, 3)', () => {
  it('covers every customer action the contract declares', () => {
    const declared = [...Object.values(adminCustomerActions), adminEndpoints.adjustBalance].map(
      (e) => e.path,
    );
    expect(customerActions.map(([endpoint]) => endpoint.path).sort()).toEqual(declared.sort());
  });

  it("an operator's every action on their own account is a 409 that changes nothing: Settings is the way", async () => {
    const before = await userRow('opal');
    for (const [endpoint, body] of customerActions) {
      expect(await act(endpoint, body, 'opal', 'opal'), endpoint.path).toEqual({
        status: 409,
        body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
      });
    }
    expect(await userRow('opal')).toEqual(before);
    expect(await auditOf('opal')).toEqual([]);
    expect((await bed.api.get('/v1/admin/me', { token: tokens.opal })).status).toBe(200);
  });

  it('on another operator or a support member every action is refused, support cannot sign operators out', async () => {
    const before = { otis: await userRow('otis'), sam: await userRow('sam') };
    for (const target of ['otis', 'sam'] as const) {
      for (const [endpoint, body] of customerActions) {
        expect(await act(endpoint, body, 'opal', target), `${endpoint.path} on ${target}`).toEqual({
          status: 409,
          body: { detail: 'Not on a staff account: staff are managed in the Staff screen' },
        });
      }
    }
    for (const endpoint of [adminCustomerActions.revokeSessions, adminCustomerActions.resendConfirmation])
      expect((await act(endpoint, {}, 'sam', 'otis')).status).toBe(409);
    expect(await userRow('otis')).toEqual(before.otis);
    expect(await userRow('sam')).toEqual(before.sam);
    expect([...(await auditOf('otis')), ...(await auditOf('sam'))]).toEqual([]);
    expect((await bed.api.get('/v1/admin/me', { token: tokens.otis })).status).toBe(200);
    expect((await bed.api.get('/v1/admin/me', { token: tokens.sam })).status).toBe(200);
  });

  it('customers and resellers are still acted on', async () => {
    expect((await act(adminCustomerActions.setReseller, { reseller: true }, 'opal', 'carl')).status).toBe(
      200,
    );
    expect((await act(adminCustomerActions.rotateProxyPassword, {}, 'opal', 'carl')).status).toBe(200);
    expect((await act(adminCustomerActions.revokeSessions, {}, 'sam', 'cora')).status).toBe(200);
  });
});

describe('the staff screen (issue #28 item 2): operators list, add and remove staff, audited', () => {
  const staffList = (who: string) => bed.api.get('/v1/admin/staff', { token: tokens[who] });
  const add = (username: string, role: string, who = 'opal') =>
    bed.api.post('/v1/admin/staff', { username, role, reason: 'New hire' }, { token: tokens[who] });
  const remove = (name: string, who = 'opal') =>
    bed.api.post(`/v1/admin/staff/${ids[name]}/remove`, { reason: 'Left the team' }, { token: tokens[who] });

  it('lists staff with role, 2FA and last sign-in; support gets the operator-only 403', async () => {
    const answer = await staffList('opal');
    expect(answer.status).toBe(200);
    const rows = answer.body.payload as Record<string, unknown>[];
    expect(rows.map((row) => row.username)).toEqual(['opal', 'otis', 'sam']);
    expect(rows[0]).toEqual({
      id: ids.opal,
      username: 'opal',
      email: 'opal@example.com',
      role: 'operator',
      is_2fa: true,
      last_sign_in: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await staffList('sam')).toEqual({
      status: 403,
      body: { detail: 'Support has read-only access to the console' },
    });
    expect((await staffList('cora')).status).toBe(404);
  });

  it('adds a customer as support by username, audited with the actor; refuses unknown names and staff', async () => {
    expect(await add('Cora', 'support')).toEqual({
      status: 200,
      body: { detail: 'cora is now support: they open the console once signed in with two-factor' },
    });
    expect((await userRow('cora')).role).toBe('support');
    expect((await auditOf('cora')).filter((row) => row.action.startsWith('staff.'))).toEqual([
      expect.objectContaining({
        actorId: ids.opal,
        action: 'staff.add',
        before: { role: 'customer' },
        after: { role: 'support' },
        reason: 'New hire',
      }),
    ]);
    expect(await add('nobody_here', 'support')).toEqual({
      status: 404,
      body: { detail: 'No account with the username "nobody_here"' },
    });
    expect((await add('otis', 'support')).status).toBe(409);
    expect(await add('opal', 'support')).toEqual({
      status: 409,
      body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
    });
    expect((await add('carl', 'operator')).status).toBe(409);
    expect((await add('cora', 'owner')).status).toBe(400);
    expect((await add('cora', 'support', 'sam')).status).toBe(403);
  });

  it('removes a member back to customer and signs them out; never oneself', async () => {
    const session = await signUp(bed.api, bed.smtp, { username: 'tim', email: 'tim@example.com' });
    ids.tim = (await db().select().from(schema.users).where(eq(schema.users.username, 'tim')))[0]!.id;
    expect((await add('tim', 'operator')).status).toBe(200);
    expect(await remove('tim')).toEqual({
      status: 200,
      body: { detail: 'tim is a customer again and signed out everywhere' },
    });
    expect((await userRow('tim')).role).toBe('customer');
    expect((await bed.api.get('/v1/auth/access', { token: session })).status).toBe(401);
    expect((await auditOf('tim')).map((row) => [row.action, row.after])).toEqual([
      ['staff.add', { role: 'operator' }],
      ['staff.remove', { role: 'customer', sessionsEnded: 1 }],
    ]);
    expect((await remove('tim')).status).toBe(409);
    expect(await remove('opal')).toEqual({
      status: 409,
      body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
    });
    expect((await remove('otis', 'sam')).status).toBe(403);
    expect(
      (await bed.api.post('/v1/admin/staff/not-an-id/remove', { reason: 'x y z' }, { token: tokens.opal }))
        .status,
    ).toBe(404);
    expect((await remove('otis')).status).toBe(200);
    expect((await bed.api.get('/v1/admin/me', { token: tokens.otis })).status).toBe(404);
  });
});
