import type { Plan } from '@proxydesk/contract';
import { recordUsage, schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { buyWithSandbox, signUpCustomer } from '../../../test-support/shop-customers.js';
import { userNamed } from '../../../test-support/users.js';

const bed = useMailedApp({ PROXY_GATEWAY_HOST: 'gw.shop.test' });
let token: string;
let plans: Plan[];
beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
  ({ token } = await signUpCustomer(bed, 'gen', 'Italy'));
});

const buyAndPay = (plan: Plan, gb?: number) =>
  gb
    ? buyWithSandbox(bed, token, { plan: plan.id, gb }, '/v1/invoice/create-normal')
    : buyWithSandbox(bed, token, { plan: plan.id });
const generate = (body: Record<string, unknown>) => bed.api.post('/v1/user/generate-proxy', body, { token });
const premium = { proxy_type: 'premium', type: 'sticky', amount: 5, country: 'us' };

describe('proxy generation (SPEC.md §7 generate-proxy, §9, DESIGN.md §4)', () => {
  it('needs an active plan of the product', async () => {
    expect(await generate(premium)).toEqual({
      status: 403,
      body: { detail: 'You have no active ISP plan: buy one first' },
    });
    expect((await generate({ proxy_type: 'normal' })).body.detail).toBe(
      'You have no active Residential plan: buy one first',
    );
  });

  it('generates premium lines with the proxy credentials, never the account password', async () => {
    await buyAndPay(plans.find((p) => p.type === 'PR_2')!);
    const answer = await generate({ ...premium, city: 'newyork', isp: 'verizon', ptype: 'sock' });
    expect(answer.status).toBe(200);
    expect(answer.body.detail).toBe('Your proxies are here.');
    const { username, password, ips, proxies } = answer.body.payload as {
      username: string;
      password: string;
      ips: string[];
      proxies: string[];
    };
    const user = await userNamed(bed.t.database.db, 'gen');
    expect({ username, password }).toEqual({
      username: `${user!.proxyUsername}-isp`,
      password: user!.proxyPassword,
    });
    expect(password).not.toBe(PASSWORD);
    expect(ips).toEqual(['gw.shop.test']);
    expect(proxies).toHaveLength(5);
    for (const line of proxies) {
      expect(line).toMatch(
        new RegExp(
          `^gw\\.shop\\.test:31112:${username}:${password}_country-us_city-newyork_isp-verizon_session-[a-z]{8}$`,
        ),
      );
    }
    expect(new Set(proxies).size).toBe(5);

    const rotating = (await generate({ ...premium, type: 'rotating', country: 'random', amount: 2 })).body
      .payload.proxies;
    expect(rotating).toEqual([
      `gw.shop.test:31112:${username}:${password}`,
      `gw.shop.test:31112:${username}:${password}`,
    ]);
    const special = (await generate({ ...premium, country: 'PRVTUK', amount: 1 })).body.payload
      .proxies[0] as string;
    expect(special).toMatch(/_country-prvtuk_session-[a-z]{8}$/);
  });

  it('reads empty strings from a form as "any" (issue #19)', async () => {
    const any = await generate({ ...premium, amount: 2, city: '', isp: '', ptype: '', product: '' });
    expect(any.status).toBe(200);
    for (const line of any.body.payload.proxies as string[])
      expect(line).toMatch(/_country-us_session-[a-z]{8}$/);

    const random = await generate({ ...premium, type: 'rotating', country: '', city: '', isp: '' });
    expect(random.status).toBe(200);
    expect(random.body.payload.proxies[0]).not.toContain('_country-');

    const bought = plans.find((p) => p.type === 'PR_2')!;
    const created = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'sandbox', coupon: '', plan: bought.id, proxyType: '' },
      { token },
    );
    expect(created.status).toBe(200);
    expect((await generate({ ...premium, type: '' })).body).toEqual({
      detail: 'body.country: Location, type and quantity are required',
    });
  });

  it('gives sticky lines the session lifetime asked for, 1m to 24h (issue #31 item 5)', async () => {
    for (const line of (await generate({ ...premium, amount: 2, lifetime: '30m' })).body.payload
      .proxies as string[])
      expect(line).toMatch(/_country-us_session-[a-z]{8}_lifetime-30m$/);
    // The default (10 minutes) and an empty field leave the line as SPEC.md §9 has it.
    for (const lifetime of ['10m', ''])
      expect((await generate({ ...premium, amount: 1, lifetime })).body.payload.proxies[0]).toMatch(
        /_country-us_session-[a-z]{8}$/,
      );
    expect((await generate({ ...premium, lifetime: '25h' })).body).toEqual({
      detail: 'body.lifetime: Session lifetime is 1m to 24h (minutes or hours, like 30m or 2h)',
    });
    expect((await generate({ ...premium, type: 'rotating', lifetime: '1h' })).body).toEqual({
      detail: 'body.lifetime: A session lifetime is for sticky lines',
    });
  });

  it('allows 1–100 on the /proxy page and 1–10,000 on a product page, all fields checked', async () => {
    expect((await generate({ ...premium, amount: 101 })).body).toEqual({
      detail: 'body.amount: Quantity is at most 100 here',
    });
    expect((await generate({ ...premium, amount: 0 })).body).toEqual({
      detail: 'body.amount: Quantity is at least 1',
    });
    expect((await generate({ ...premium, amount: 10_001, product: 'PR_2' })).body).toEqual({
      detail: 'body.amount: Quantity is at most 10000',
    });
    const many = await generate({ ...premium, amount: 10_000, product: 'PR_2' });
    expect(many.body.payload.proxies).toHaveLength(10_000);
    expect(new Set(many.body.payload.proxies).size).toBeGreaterThan(9_990);

    expect((await generate({ proxy_type: 'premium', type: 'sticky', amount: 1 })).body).toEqual({
      detail: 'body.country: Location, type and quantity are required',
    });
    expect((await generate({ ...premium, country: 'zz' })).body).toEqual({ detail: 'Unknown location "zz"' });
    expect((await generate({ ...premium, city: 'paris' })).body).toEqual({
      detail: 'Unknown city "paris" in United States',
    });
    expect((await generate({ ...premium, city: 'newyork', isp: 'orange' })).body).toEqual({
      detail: 'Unknown ISP "orange" in New York',
    });
    expect((await generate({ ...premium, isp: 'verizon' })).body).toEqual({
      detail: 'body.isp: Choose a city for an ISP',
    });
    expect((await generate({ ...premium, country: 'random', city: 'newyork' })).body).toEqual({
      detail: 'Choose a country for a city or an ISP',
    });
    expect((await generate({ ...premium, type: 'sometimes' })).status).toBe(400);
    expect((await generate({ ...premium, country: '../etc' })).status).toBe(400);
    expect((await generate({ ...premium, product: 'PR_4' })).status).toBe(400);
  });

  it('the normal generator gives one rotating line for a normal plan', async () => {
    await buyAndPay(
      plans.find((p) => p.type === 'PR_3' && p.add_gb_price !== null && p.duration === 24)!,
      50,
    );
    const answer = await generate({ proxy_type: 'normal' });
    expect(answer.body.payload.proxies).toHaveLength(1);
    expect(answer.body.payload.proxies[0]).toMatch(/^gw\.shop\.test:31112:u[a-z0-9]+-residential:[a-z0-9]+$/);
  });

  it('whitelists an IP on the premium plan through activate-plan', async () => {
    expect((await bed.api.post('/v1/user/activate-plan', { ips: ['203.0.113.50'] }, { token })).body).toEqual(
      {
        detail: 'You have no active Premium Residential plan: buy one first',
      },
    );
    await buyAndPay(plans.find((p) => p.type === 'PR_6')!);
    expect(await bed.api.post('/v1/user/activate-plan', { ips: ['203.0.113.50'] }, { token })).toEqual({
      status: 200,
      body: { detail: 'Plan activated: 203.0.113.50 is whitelisted' },
    });
    expect((await bed.api.post('/v1/user/activate-plan', { ips: ['203.0.113.50'] }, { token })).status).toBe(
      409,
    );
    expect((await bed.api.post('/v1/user/activate-plan', { ips: ['not an ip'] }, { token })).status).toBe(
      400,
    );
  });

  it('stops once the plan has used its data', async () => {
    const user = await userNamed(bed.t.database.db, 'gen');
    const [plan] = await bed.t.database.db
      .select()
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.productType, 'PR_2'));
    const bytes = Math.ceil(plan!.dataGb! * 1024 ** 3);
    await recordUsage(bed.t.database.db, {
      planId: plan!.id,
      userId: user!.id,
      productType: 'PR_2',
      bucket: new Date(),
      bytesUp: 0,
      bytesDown: bytes,
    });
    expect(await generate(premium)).toEqual({
      status: 403,
      body: { detail: 'No data left on your ISP plan: buy more GB' },
    });
  });

  it('lists the locations: specials first, countries grouped by continent, cities and ISPs as options', async () => {
    const { countries } = (await bed.api.get('/v1/user/get-country-stats', { token })).body.payload
      .countries as {
      countries: {
        code: string;
        name: string;
        group: string;
        cities: { options: { code: string; isps: { options: { code: string }[] } }[] };
      }[];
    };
    expect(countries.slice(0, 4).map((c) => c.code)).toEqual(['prvtus', 'prvtuk', 'rkus', 'rkuk']);
    expect(countries.slice(0, 4).every((c) => c.group === 'special')).toBe(true);
    expect(countries.length).toBeGreaterThan(200);
    const us = countries.find((c) => c.code === 'us')!;
    expect(us.group).toBe('North America');
    expect(us.cities.options.find((c) => c.code === 'newyork')!.isps.options.map((i) => i.code)).toContain(
      'verizon',
    );
    expect((await bed.api.get('/v1/user/get-country-stats')).status).toBe(401);
  });
});
