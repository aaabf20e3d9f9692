import { once } from 'node:events';
import { schema, updateSubuser, usedGb } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpConnect, readBytes, seedCustomer, useGatewayTestbed } from '../../../test-support/gateway.js';
import { useLoggedGateway } from '../../../test-support/logged-gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/**
 * A sub-user's own rules at the gateway (issue #31 item 2), with real curl: paused, past its limit, or asking
 * for a country outside its list is refused 403 with the reason in the access log, at once after the change's
 * announcement (this gateway never syncs on its own); a limit reached mid-transfer closes the transfer.
 */
const bed = useGatewayTestbed({ gateway: false });
const BODY = 50_000;
const run = useLoggedGateway(bed, { body: 'z'.repeat(BODY), announced: true });

const db = () => bed.database.db;
type Login = { username: string; password: string };
const HOW = ['http', 'connect', 'socks5'] as const;
/** Whether each protocol let the line through (http 200, CONNECT 200, SOCKS5 without error). */
const through = async (login: Login) => {
  const answers = await Promise.all(HOW.map((how) => run.curl(login, how)));
  return answers.map((answer) => answer.exit === 0 && answer.status === 200);
};
/** The refusal on plain HTTP: its status and the body the gateway wrote. */
const refusal = async (login: Login) => {
  const answer = await run.curl(login);
  return { status: answer.status, body: answer.body.trim() };
};
const loggedRefusal = (subuser: string, reason: string) => run.logged({ subuser, reason });

describe("a sub-user's own rules at the gateway (issue #31 item 2)", () => {
  it('refuses a paused sub-user within the change delay, on every protocol, and lets it in once resumed', async () => {
    const owner = await seedCustomer(db(), { product: 'PR_2' });
    const sub = await seedSubuser(db(), owner.userId, 'PR_2');
    await expect.poll(() => through(sub), { timeout: 10_000 }).toEqual([true, true, true]);
    await updateSubuser(db(), owner.userId, sub.id, { paused: true });
    // Only the announcement re-reads here: GATEWAY_SYNC_SECONDS is an hour.
    await expect
      .poll(() => refusal(sub), { timeout: 5_000 })
      .toEqual({
        status: 403,
        body: 'This sub-user is paused',
      });
    expect(await through(sub)).toEqual([false, false, false]);
    await loggedRefusal(sub.id, 'This sub-user is paused');
    // The owner's own line is not the sub-user's: it still works.
    expect(await through(owner)).toEqual([true, true, true]);
    await updateSubuser(db(), owner.userId, sub.id, { paused: false });
    await expect.poll(() => through(sub), { timeout: 5_000 }).toEqual([true, true, true]);
  });

  it('refuses a country outside its list, and a line without a country when it has a list', async () => {
    const owner = await seedCustomer(db(), { product: 'PR_6' });
    const sub = await seedSubuser(db(), owner.userId, 'PR_6', { allowedCountries: ['gb', 'us'] });
    await run.gateway.sync();
    const with_ = (options: string) => ({ username: sub.username, password: sub.password + options });
    expect(await through(with_('_country-us'))).toEqual([true, true, true]);
    expect(await through(with_('_country-gb_session-abcdefgh'))).toEqual([true, true, true]);
    expect(await refusal(with_('_country-de'))).toEqual({
      status: 403,
      body: 'Country "de" is not allowed for this sub-user (only gb, us)',
    });
    expect(await through(with_('_country-de'))).toEqual([false, false, false]);
    expect(await refusal(with_(''))).toEqual({
      status: 403,
      body: 'This sub-user may use only gb, us: name one in the password (_country-gb)',
    });
    await loggedRefusal(sub.id, 'Country "de" is not allowed for this sub-user (only gb, us)');
    // The list changes: announced, and the open question is answered anew.
    await updateSubuser(db(), owner.userId, sub.id, { allowedCountries: ['de'] });
    await expect.poll(() => through(with_('_country-de')), { timeout: 5_000 }).toEqual([true, true, true]);
    expect((await refusal(with_('_country-us'))).status).toBe(403);
  });

  it('refuses a sub-user past its limit, counts its bytes with the plan, and lets it in when the limit is raised', async () => {
    const owner = await seedCustomer(db(), { product: 'PR_2' });
    const sub = await seedSubuser(db(), owner.userId, 'PR_2', { limitBytes: 120_000 });
    await run.gateway.sync();
    // Each request is a little over BODY bytes both ways: the third passes the limit, the fourth is refused.
    for (let i = 0; i < 3; i += 1) expect((await run.curl(sub)).status).toBe(200);
    await expect.poll(() => run.gateway.openConnections()).toBe(0);
    await run.gateway.sync();
    expect(await refusal(sub)).toEqual({
      status: 403,
      body: 'This sub-user has used its data limit (0.11 MB)',
    });
    await loggedRefusal(sub.id, 'This sub-user has used its data limit (0.11 MB)');
    const ownerBytes = (await run.curl(owner)).status;
    expect(ownerBytes).toBe(200);
    await expect.poll(() => run.gateway.openConnections()).toBe(0);
    await run.gateway.sync();
    const [row] = await db().select().from(schema.subusers).where(eq(schema.subusers.id, sub.id));
    expect(row!.usedBytes).toBeGreaterThan(3 * BODY);
    expect(row!.periodUsedBytes).toBe(row!.usedBytes);
    // The owner's request and the sub-user's three: the plan's total, to the byte.
    const plan = (await usedGb(db(), owner.planId)) * 1024 ** 3;
    expect(plan - row!.usedBytes).toBeGreaterThan(BODY);
    expect(plan - row!.usedBytes).toBeLessThan(BODY + 1000);

    await updateSubuser(db(), owner.userId, sub.id, { limitBytes: 10 * 1024 ** 3 });
    await expect.poll(() => through(sub), { timeout: 5_000 }).toEqual([true, true, true]);
  });

  it('stops a transfer that reaches the limit within one metering interval', async () => {
    const owner = await seedCustomer(db(), { product: 'PR_2' });
    const limit = 1_000_000;
    const sub = await seedSubuser(db(), owner.userId, 'PR_2', { limitBytes: limit });
    await run.gateway.sync();
    const tunnel = await httpConnect(run.gateway.port, `127.0.0.1:${bed.target.port}`, sub);
    expect(tunnel.status).toBe(200);
    const closed = once(tunnel.socket, 'close');
    // One interval: 600 kB (under the limit), sampled; the next: 700 kB more (past it), sampled and cut.
    tunnel.socket.write('SEND 600000\n');
    await readBytes(tunnel.socket, 600_000);
    await run.gateway.sync();
    expect(tunnel.socket.destroyed).toBe(false);
    tunnel.socket.write('SEND 700000\n');
    await readBytes(tunnel.socket, 700_000);
    await run.gateway.sync();
    await closed;
    const [row] = await db().select().from(schema.subusers).where(eq(schema.subusers.id, sub.id));
    // Past the limit by no more than the last interval's bytes.
    expect(row!.usedBytes).toBeGreaterThanOrEqual(limit);
    expect(row!.usedBytes - limit).toBeLessThanOrEqual(700_000 + 100);
    expect((await httpConnect(run.gateway.port, `127.0.0.1:${bed.target.port}`, sub)).status).toBe(403);
  });

  it('counts a day limit from 00:00 UTC: a count of an earlier day starts again', async () => {
    const owner = await seedCustomer(db(), { product: 'PR_3' });
    const sub = await seedSubuser(db(), owner.userId, 'PR_3', { limitBytes: 40_000, limitPeriod: 'day' });
    const yesterday = new Date(Date.now() - 86_400_000);
    await db()
      .update(schema.subusers)
      .set({ usedBytes: 900_000, periodUsedBytes: 900_000, periodStart: yesterday })
      .where(eq(schema.subusers.id, sub.id));
    await run.gateway.sync();
    // Yesterday's bytes do not count today: let in, and today's count starts from this request.
    expect((await run.curl(sub)).status).toBe(200);
    await expect.poll(() => run.gateway.openConnections()).toBe(0);
    await run.gateway.sync();
    const [row] = await db().select().from(schema.subusers).where(eq(schema.subusers.id, sub.id));
    const today = new Date();
    expect(row!.periodStart.toISOString()).toBe(
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString(),
    );
    expect(row!.periodUsedBytes).toBe(row!.usedBytes - 900_000);
    expect(row!.periodUsedBytes).toBeGreaterThan(BODY);
    expect(await refusal(sub)).toEqual({
      status: 403,
      body: 'This sub-user has used its data limit for today (0.04 MB): it resets at 00:00 UTC',
    });
  });
});
