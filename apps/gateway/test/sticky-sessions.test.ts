import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { curlThrough } from '../../../test-support/curl.js';
import { seedCustomer, startTestGateway, useGatewayTestbed } from '../../../test-support/gateway.js';
import type { RunningGateway } from '../src/gateway.js';

const bed = useGatewayTestbed({ gateway: false });
const EXITS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];

/** A web site that answers each request with the address it came from: the exit the customer got. */
let site: Server;
let siteUrl: string;
let gateway: RunningGateway;
beforeAll(async () => {
  site = createServer((req, res) => res.end(req.socket.remoteAddress));
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  gateway = await startTestGateway(bed.database.db, { GATEWAY_EGRESS_ADDRESSES: EXITS.join(',') });
});
afterAll(async () => {
  await gateway.close();
  site.close();
});
afterEach(() => vi.useRealTimers());

type Customer = Awaited<ReturnType<typeof seedCustomer>>;
const exitOf = async (who: Customer, options: string, how: 'http' | 'connect' | 'socks5' = 'http') => {
  const answer = await curlThrough(gateway.port, siteUrl, { ...who, password: who.password + options }, how);
  expect(answer, options).toMatchObject({ status: 200, exit: 0 });
  return answer.body;
};

describe('sticky sessions with a lifetime (issue #31 item 5), with curl', () => {
  it('gives a rotating line the next exit each time, and a sticky session the same one on every protocol', async () => {
    const alice = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const bob = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();
    const rotating = [];
    for (const options of ['', '', '_country-us', '_country-de']) rotating.push(await exitOf(alice, options));
    expect(new Set(rotating)).toEqual(new Set(EXITS));

    const sticky = await exitOf(alice, '_session-abcdefgh');
    expect(EXITS).toContain(sticky);
    for (const how of ['http', 'connect', 'socks5', 'http'] as const)
      expect(await exitOf(alice, '_session-abcdefgh', how)).toBe(sticky);
    // Another session takes the next exit; the same id of another customer is a session of its own.
    const other = await exitOf(alice, '_session-zzzzzzzz');
    expect(other).not.toBe(sticky);
    const bobs = await exitOf(bob, '_session-abcdefgh');
    expect(bobs).not.toBe(other);
    expect(await exitOf(alice, '_session-abcdefgh')).toBe(sticky);
    expect(await exitOf(bob, '_session-abcdefgh', 'socks5')).toBe(bobs);
  });

  it('keeps the exit for the lifetime asked for (10 minutes by default), then takes another', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const oneMinute = await exitOf(customer, '_session-aaaaaaaa_lifetime-1m');
    const byDefault = await exitOf(customer, '_session-bbbbbbbb');
    const twoHours = await exitOf(customer, '_country-us_session-cccccccc_lifetime-2h', 'connect');

    vi.setSystemTime(Date.now() + 59_000);
    expect(await exitOf(customer, '_session-aaaaaaaa_lifetime-1m')).toBe(oneMinute);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await exitOf(customer, '_session-aaaaaaaa_lifetime-1m')).not.toBe(oneMinute);
    expect(await exitOf(customer, '_session-bbbbbbbb', 'socks5')).toBe(byDefault);

    vi.setSystemTime(Date.now() + 9 * 60_000);
    expect(await exitOf(customer, '_session-bbbbbbbb')).not.toBe(byDefault);
    expect(await exitOf(customer, '_country-us_session-cccccccc_lifetime-2h', 'connect')).toBe(twoHours);
    vi.setSystemTime(Date.now() + 110 * 60_000);
    expect(await exitOf(customer, '_country-us_session-cccccccc_lifetime-2h', 'connect')).not.toBe(twoHours);
  });

  it('refuses a malformed lifetime or one without a session (407), on every protocol', async () => {
    const customer = await seedCustomer(bed.database.db, { product: 'PR_2' });
    await gateway.sync();
    for (const options of [
      '_lifetime-30m',
      '_session-abcdefgh_lifetime-0m',
      '_session-abcdefgh_lifetime-25h',
      '_session-abcdefgh_lifetime-30s',
    ]) {
      const login = { ...customer, password: customer.password + options };
      expect(await curlThrough(gateway.port, siteUrl, login), options).toMatchObject({ status: 407 });
      expect(await curlThrough(gateway.port, siteUrl, login, 'connect'), options).toMatchObject({
        connect: 407,
        exit: 56,
      });
      expect((await curlThrough(gateway.port, siteUrl, login, 'socks5')).exit, options).toBe(97);
    }
    expect(await exitOf(customer, '_session-abcdefgh_lifetime-24h')).toMatch(/^127\.0\.0\.[2-5]$/);
  });
});
