import type { AddressInfo } from 'node:net';
import createClient, { type Middleware } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import type { paths } from '../../../test-support/generated/openapi.js';
import { otpFrom } from '../../../test-support/smtp.js';
import { makeReseller } from '../../../test-support/resellers.js';

/**
 * A reseller's script, written against a client generated from the API's own OpenAPI document
 * (openapi-typescript + openapi-fetch; `npm run openapi` generates it, issue #32 item 2): every call below is
 * typed by the document, so a path, a field or an answer the document gets wrong fails the typecheck or here.
 */
const bed = useMailedApp();
let baseUrl: string;

beforeAll(async () => {
  await bed.t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(bed.t.app.server.address() as AddressInfo).port}`;
});

/** Sends `Authorization` the way the document's security schemes say. */
const authorised = (value: string): Middleware => ({
  onRequest: ({ request }) => {
    request.headers.set('Authorization', value);
    return request;
  },
});

describe('a client generated from /docs/json', () => {
  it('signs up, tops up, buys from the balance, reads usage and makes a sub-user, as a reseller script does', async () => {
    const api = createClient<paths>({ baseUrl });
    const email = 'script@example.com';

    const after = Date.now();
    const signedUp = await api.POST('/v1/auth/signup', {
      body: { username: 'script', email, password: PASSWORD },
    });
    // SPEC.md: sign-up answers 422 with the mailed code's message; the code confirms the address.
    expect(signedUp.response.status).toBe(422);
    expect(signedUp.error?.detail).toMatch(/OTP/);
    const otp = otpFrom(await bed.smtp.waitFor(email, { after }));
    const confirmed = await api.POST('/v1/auth/confirm-email', { body: { email, otp } });
    const token = confirmed.data?.payload?.token;
    expect(token, JSON.stringify(confirmed.error)).toBeTruthy();

    // The operator makes the account a reseller (the console's or the CLI's `reseller <username> on`).
    await makeReseller(bed.t.database.db, 'script');
    const session = createClient<paths>({ baseUrl });
    session.use(authorised(`Bearer ${token}`));
    const key = (await session.POST('/v1/user/generate-api-key')).data?.payload.apiKey;
    expect(key).toMatch(/\S{16,}/);

    // From here on only the API key, as a script holds it.
    const script = createClient<paths>({ baseUrl });
    script.use(authorised(`Api-Key ${key}`));
    const billing = await script.POST('/v1/billing/create', {
      body: {
        first_name: 'Sam',
        last_name: 'Script',
        address: '1 Main St',
        city: 'Dublin',
        zip: 'D01',
        country: 'Ireland',
      },
    });
    expect(billing.response.status, JSON.stringify(billing.error)).toBe(200);

    const topUp = await script.POST('/v1/invoice/create-balance-invoice', {
      body: { amount: 50, payment_method: 'sandbox' },
    });
    const hostedUrl = topUp.data?.payload.hosted_url;
    expect(hostedUrl, JSON.stringify(topUp.error)).toBeTruthy();
    // A person pays the top-up on the provider's page (the sandbox's Pay button).
    const paid = await fetch(`${baseUrl}${new URL(hostedUrl!).pathname}`, {
      method: 'POST',
      body: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await script.GET('/v1/auth/access')).data?.payload.balance).toBe(50);

    const catalogue = (await script.GET('/v1/plan/read')).data?.payload ?? [];
    const datacenter = catalogue.find((plan) => plan.type === 'PR_4' && plan.price <= 50);
    expect(datacenter, 'a datacenter plan within €50').toBeDefined();
    const bought = await script.POST('/v1/invoice/create', {
      body: { plan: datacenter!.id, payment_method: 'balance' },
    });
    expect(bought.response.status, JSON.stringify(bought.error)).toBe(200);
    expect((await script.GET('/v1/auth/access')).data?.payload.balance).toBe(50 - datacenter!.price);

    const plans = (await script.GET('/v1/user/plans')).data?.payload ?? [];
    const mine = plans.find((plan) => plan.product === 'PR_4');
    expect(mine, JSON.stringify(plans)).toBeDefined();
    const activated = await script.POST('/v1/user/activate-dc-ipv6-plan', {
      body: { ips: ['203.0.113.5'], type: 'PR_4', plan: mine!.id },
    });
    expect(activated.data?.detail, JSON.stringify(activated.error)).toMatch(/^Plan activated/);
    const usage = await script.GET('/v1/user/plan-usage', { params: { query: { plan_id: mine!.id } } });
    expect(usage.response.status, JSON.stringify(usage.error)).toBe(200);
    expect(usage.data?.payload).toBeDefined();

    // A sub-user for a team member, its own data limit, and the list it is in.
    const created = await script.POST('/v1/subusers', { body: { product: 'PR_2', name: 'Team A' } });
    const subuser = created.data?.payload;
    expect(subuser?.password, JSON.stringify(created.error)).toBeTruthy();
    const limited = await script.PUT('/v1/subusers/{id}/limit', {
      params: { path: { id: subuser!.subuser.id } },
      body: { gb: 5, period: 'month' },
    });
    expect(limited.response.status, JSON.stringify(limited.error)).toBe(200);
    const team = (await script.GET('/v1/subusers', { params: { query: { product: 'PR_2' } } })).data?.payload;
    expect(team?.subusers.map((one) => one.name)).toEqual(['Team A']);

    // The document's error answer is what the API sends: `{ detail }`.
    const refused = await script.POST('/v1/invoice/create', {
      body: { plan: datacenter!.id, payment_method: 'balance', coupon: 'NO-SUCH-CODE' },
    });
    expect(refused.response.status).toBeGreaterThanOrEqual(400);
    expect(refused.error?.detail).toEqual(expect.any(String));
  });
});
