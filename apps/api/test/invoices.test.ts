import {
  customPlanPrice,
  gbSliderPrice,
  PENDING_WINDOW_MS,
  type CustomDayPrices,
  type Plan,
} from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { pressPay } from '../../../test-support/sandbox.js';
import { makeReseller } from '../../../test-support/resellers.js';

const bed = useMailedApp({ PUBLIC_URL: 'http://shop.test' });
let plans: Plan[];
const BILLING = {
  first_name: 'Ann',
  last_name: 'Lee',
  address: '1 Main St',
  city: 'Dublin',
  zip: 'D01',
  country: 'Ireland',
};

beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
});

const plan = (predicate: (p: Plan) => boolean) => plans.find(predicate)!;
let counter = 0;
/** A signed-in customer with billing details. */
const customer = async (options: { billing?: boolean; referee?: string } = {}) => {
  counter += 1;
  const username = `buyer${counter}`;
  const token = await signUp(bed.api, bed.smtp, {
    username,
    email: `${username}@example.com`,
    ...(options.referee ? { referee: options.referee } : {}),
  });
  if (options.billing !== false)
    expect((await bed.api.post('/v1/billing/create', BILLING, { token })).status).toBe(200);
  return { token, username };
};
/** Pays a sandbox invoice the way a customer does: the hosted page's Pay button. */
const payOnSandbox = async (hostedUrl: string) => {
  const path = new URL(hostedUrl).pathname;
  const page = await bed.t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  return pressPay(bed.t.app, hostedUrl);
};

describe('billing details (SPEC.md §4 checkout, §5 billing)', () => {
  it('answers 404 until saved, checks every field, and keeps the address the server saw', async () => {
    const { token } = await customer({ billing: false });
    expect(await bed.api.get('/v1/billing/read', { token })).toEqual({
      status: 404,
      body: { detail: 'No billing details yet' },
    });
    expect(
      (await bed.api.post('/v1/billing/create', { ...BILLING, country: 'Atlantis' }, { token })).body,
    ).toEqual({
      detail: 'body.country: Choose a country from the list',
    });
    expect((await bed.api.post('/v1/billing/create', { ...BILLING, city: '  ' }, { token })).body).toEqual({
      detail: 'body.city: City is required',
    });
    const saved = await bed.api.post('/v1/billing/create', { ...BILLING, ip: '203.0.113.9' }, { token });
    // Company and VAT number (issue #30 item 5) are Settings' to fill: none from the checkout.
    const none = { company: null, vat_number: null };
    expect(saved.body.payload).toEqual({ ...BILLING, ip: '127.0.0.1', ...none });
    expect((await bed.api.get('/v1/billing/read', { token })).body.payload).toEqual({
      ...BILLING,
      ip: '127.0.0.1',
      ...none,
    });
    // Another spelling of a listed country is kept as the list writes it.
    for (const [sent, kept] of [
      ['turkey', 'Türkiye'],
      ["Cote d'Ivoire", 'Côte d’Ivoire'],
      ['USA', 'United States'],
      [' germany ', 'Germany'],
    ]) {
      expect(
        (await bed.api.post('/v1/billing/create', { ...BILLING, country: sent }, { token })).body.payload
          .country,
        sent,
      ).toBe(kept);
    }
  });

  it('blocks checkout until there are billing details', async () => {
    const { token } = await customer({ billing: false });
    const answer = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'sandbox', plan: plan((p) => p.type === 'PR_4').id },
      { token },
    );
    expect(answer).toEqual({ status: 400, body: { detail: 'Add your billing details first' } });
  });
});

describe('invoices priced on the server (SPEC.md §7, §9)', () => {
  it('a datacenter plan through the sandbox: hosted page, Pay, Paid invoice, a plan waiting for activation', async () => {
    const { token } = await customer();
    const dc = plan((p) => p.type === 'PR_4');
    const created = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'sandbox', plan: dc.id, proxyType: 'PR_4', price: 0.01 },
      { token },
    );
    expect(created.status).toBe(200);
    expect(created.body.detail).toBe('Invoice created: complete the payment');
    const { hosted_url: hostedUrl, invoice_id: id } = created.body.payload;
    expect(hostedUrl).toBe(`http://shop.test/sandbox/pay/${id}`);

    const pending = (await bed.api.get(`/v1/invoice/read/${id}`, { token })).body.payload;
    expect(pending.invoice).toMatchObject({
      id,
      plan_name: dc.name,
      plan_price: dc.price,
      proxy_type: 'PR_4',
      status: false,
      coupon: null,
      payment_method: 'sandbox',
      ip_amount: dc.ipAmount,
    });
    expect(pending.billing).toMatchObject({ country: 'Ireland' });
    expect(pending.seller).toEqual({ name: 'ProxyDesk', address: null, vat: null, email: null });

    expect(await payOnSandbox(hostedUrl)).toBe(`/invoice/${id}?payment=returned`);
    const paid = (await bed.api.get(`/v1/invoice/read/${id}`, { token })).body.payload.invoice;
    expect(paid).toMatchObject({ status: true, hosted_url: null, paid_at: expect.any(String) });
    const stats = (await bed.api.get('/v1/user/dashboard-stats', { token })).body.payload;
    expect(stats).toMatchObject({ totalPlanPurchased: 1, totalPendingActivation: 1, moneySpent: dc.price });
  });

  it('prices per-GB plans as price × GB, the slider by the formula, and custom plans by the day table', async () => {
    const { token } = await customer();
    /** A sandbox checkout at `/v1/invoice/{path}`, and the invoice it made. */
    const checkout = (path: string, order: object) =>
      bed.api.post(`/v1/invoice/${path}`, { payment_method: 'sandbox', ...order }, { token });
    const invoiceOf = async (made: Awaited<ReturnType<typeof checkout>>) =>
      (await bed.api.get(`/v1/invoice/read/${made.body.payload.invoice_id}`, { token })).body.payload
        .invoice as Record<string, unknown>;
    const isp = plan((p) => p.type === 'PR_2');
    const ispInvoice = await checkout('create', { plan: isp.id });
    expect((await invoiceOf(ispInvoice)).plan_price).toBe(Math.round(isp.price * isp.data! * 100) / 100);

    const week = plan((p) => p.type === 'PR_3' && p.duration === 168);
    expect((await checkout('create-normal', { plan: week.id, gb: 125 })).body).toEqual({
      detail: '125 GB is not a choice for this plan',
    });
    const normal = await checkout('create-normal', { plan: week.id, gb: 300 });
    const normalInvoice = await invoiceOf(normal);
    expect(normalInvoice).toMatchObject({
      plan_price: gbSliderPrice({ ...week, data: week.data! }, 300),
      plan_data: 300,
    });

    expect((await checkout('dc-ip-custom-checkout', { days: 31, ips: 2, proxyType: 'PR_4' })).body).toEqual({
      detail: 'body.days: Invalid Days',
    });
    expect((await checkout('dc-ip-custom-checkout', { days: 3, ips: 11, proxyType: 'PR_5' })).body).toEqual({
      detail: 'body.ips: Invalid Ips',
    });
    const custom = await checkout('dc-ip-custom-checkout', { days: 22, ips: 3, proxyType: 'PR_5' });
    const customInvoice = await invoiceOf(custom);
    const tables = (await bed.api.get('/v1/plan/custom-prices')).body.payload as CustomDayPrices[];
    const ipv6Days = tables.find((x) => x.type === 'PR_5')!.prices;
    expect(customInvoice).toMatchObject({
      plan_price: customPlanPrice(22, 3, ipv6Days),
      ip_amount: 3,
      duration: 22 * 24,
      proxy_type: 'PR_5',
    });
  });

  it('refuses a plan that is not on sale, a product mismatch and an unknown code', async () => {
    const { token } = await customer();
    const dc = plan((p) => p.type === 'PR_4');
    expect(
      (await bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: 999_999 }, { token })).body
        .detail,
    ).toBe('This plan is not on sale');
    // Beyond what the database's ids can be: refused by the contract, not by the database.
    for (const path of ['/v1/invoice/create', '/v1/invoice/create-normal', '/v1/invoice/buyAdditional']) {
      const answer = await bed.api.post(
        path,
        { payment_method: 'sandbox', plan: 2 ** 31, gb: 50, amount: 5, plan_type: 'PR_3' },
        { token },
      );
      expect(answer).toEqual({ status: 400, body: { detail: 'body.plan: Choose a plan' } });
    }
    expect(
      (
        await bed.api.post(
          '/v1/invoice/create',
          { payment_method: 'sandbox', plan: dc.id, proxyType: 'PR_5' },
          { token },
        )
      ).body.detail,
    ).toBe('This plan is not for that product');
    expect(
      (
        await bed.api.post(
          '/v1/invoice/create',
          { payment_method: 'sandbox', plan: dc.id, proxyType: 'PR_9' },
          { token },
        )
      ).status,
    ).toBe(400);
    expect(
      (await bed.api.post('/v1/invoice/create', { payment_method: 'wire', plan: dc.id }, { token })).status,
    ).toBe(400);
  });

  it('adds bought GB to the current plan of that product', async () => {
    const { token } = await customer();
    const extra = plan((p) => p.type === 'PR_1');
    const body = { payment_method: 'sandbox', plan: extra.id, amount: 20, plan_type: 'PR_3' };
    expect((await bed.api.post('/v1/invoice/buyAdditional', body, { token })).body).toEqual({
      detail: 'You have no active Residential plan to add GB to',
    });
    const day = plan((p) => p.type === 'PR_3' && p.add_gb_price !== null && p.duration === 24);
    const bought = await bed.api.post(
      '/v1/invoice/create-normal',
      { payment_method: 'sandbox', plan: day.id, gb: 100 },
      { token },
    );
    await payOnSandbox(bought.body.payload.hosted_url);

    const more = await bed.api.post('/v1/invoice/buyAdditional', body, { token });
    const invoice = (await bed.api.get(`/v1/invoice/read/${more.body.payload.invoice_id}`, { token })).body
      .payload.invoice;
    expect(invoice).toMatchObject({ plan_price: extra.price * 20, plan_data: 20 });
    await payOnSandbox(more.body.payload.hosted_url);
    const [row] = await bed.t.database.db
      .select({ dataGb: schema.customerPlans.dataGb })
      .from(schema.customerPlans)
      .where(eq(schema.customerPlans.invoiceId, bought.body.payload.invoice_id));
    expect(row!.dataGb).toBe(120);
  });
});

describe('the invoice list and page (SPEC.md §2 Invoices, §7)', () => {
  it('pages ten at a time, newest first, with an absolute next URL', async () => {
    const { token } = await customer();
    const dc = plan((p) => p.type === 'PR_4');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(
        (await bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: dc.id }, { token })).body
          .payload.invoice_id,
      );
    }
    const first = (await bed.api.get('/v1/invoice/read', { token })).body;
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe('http://shop.test/v1/invoice/read?page=2');
    const second = (await bed.api.get('/v1/invoice/read?page=2', { token })).body;
    expect(second).toMatchObject({ count: 12, next: null });
    expect([...first.results, ...second.results].map((i: { id: string }) => i.id)).toEqual(
      [...ids].reverse(),
    );
    expect((await bed.api.get('/v1/invoice/read?page=0', { token })).status).toBe(400);
    expect((await bed.api.get('/v1/invoice/read?page=abc', { token })).status).toBe(400);
  });

  it("another customer's invoice is 404, like one that does not exist", async () => {
    const owner = await customer();
    const other = await customer();
    const id = (
      await bed.api.post(
        '/v1/invoice/create',
        { payment_method: 'sandbox', plan: plan((p) => p.type === 'PR_4').id },
        { token: owner.token },
      )
    ).body.payload.invoice_id as string;
    const notFound = { status: 404, body: { detail: 'Invoice not found' } };
    expect(await bed.api.get(`/v1/invoice/read/${id}`, { token: other.token })).toEqual(notFound);
    expect(
      await bed.api.get('/v1/invoice/read/00000000-0000-0000-0000-000000000000', { token: owner.token }),
    ).toEqual(notFound);
    expect(await bed.api.get('/v1/invoice/read/not-an-id', { token: owner.token })).toEqual(notFound);
    expect((await bed.api.get('/v1/invoice/read', { token: other.token })).body.count).toBe(0);
  });
});

describe('promo codes (DESIGN.md §4)', () => {
  const addCoupon = (values: Partial<typeof schema.coupons.$inferInsert> & { code: string }) =>
    bed.t.database.db.insert(schema.coupons).values({ kind: 'percent', value: 10, ...values });

  it('takes percent and fixed codes off, case-insensitively, once per customer, within their window and uses', async () => {
    await addCoupon({ code: 'TENOFF' });
    await addCoupon({ code: 'FIVER', kind: 'fixed', value: 500 });
    await addCoupon({ code: 'OLD', validUntil: new Date(Date.now() - 1000) });
    await addCoupon({ code: 'SOON', validFrom: new Date(Date.now() + 86_400_000) });
    await addCoupon({ code: 'ONCE', maxUses: 1 });
    const dc = plan((p) => p.type === 'PR_4');
    const buy = (token: string, coupon: string) =>
      bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: dc.id, coupon }, { token });
    const price = async (
      token: string,
      answer: { body: { payload: { invoice_id: string } } },
    ): Promise<Record<string, unknown>> =>
      (await bed.api.get(`/v1/invoice/read/${answer.body.payload.invoice_id}`, { token })).body.payload
        .invoice as Record<string, unknown>;

    const ann = await customer();
    // The checkout's preview makes the same checks.
    expect((await bed.api.get('/v1/coupon/check?code=tenoff', { token: ann.token })).body).toEqual({
      payload: { code: 'TENOFF', kind: 'percent', value: 10 },
    });
    expect((await bed.api.get('/v1/coupon/check?code=FIVER', { token: ann.token })).body.payload).toEqual({
      code: 'FIVER',
      kind: 'fixed',
      value: 5,
    });
    expect(await bed.api.get('/v1/coupon/check?code=OLD', { token: ann.token })).toEqual({
      status: 400,
      body: { detail: 'This promo code has expired' },
    });
    expect((await bed.api.get('/v1/coupon/check?code=', { token: ann.token })).status).toBe(400);
    expect((await bed.api.get('/v1/coupon/check?code=TENOFF')).status).toBe(401);
    const tenOff = await buy(ann.token, 'tenoff');
    expect(await price(ann.token, tenOff)).toMatchObject({
      plan_price: Math.round(dc.price * 90) / 100,
      list_price: dc.price,
      coupon: 'TENOFF',
    });
    expect(await price(ann.token, await buy(ann.token, 'FIVER'))).toMatchObject({ plan_price: dc.price - 5 });
    expect((await buy(ann.token, 'NOPE')).body).toEqual({ detail: 'Unknown promo code' });
    expect((await buy(ann.token, 'OLD')).body).toEqual({ detail: 'This promo code has expired' });
    expect((await buy(ann.token, 'SOON')).body).toEqual({ detail: 'This promo code is not valid yet' });

    await payOnSandbox(tenOff.body.payload.hosted_url);
    expect((await buy(ann.token, 'TENOFF')).body).toEqual({
      detail: 'You have already used this promo code',
    });

    const once = await buy(ann.token, 'ONCE');
    await payOnSandbox(once.body.payload.hosted_url);
    const bob = await customer();
    expect((await buy(bob.token, 'ONCE')).body).toEqual({ detail: 'This promo code has been used up' });
  });

  it('holds a use for an unpaid invoice, so two checkouts cannot both spend one (DESIGN.md §4)', async () => {
    await addCoupon({ code: 'HALF', value: 50 });
    await addCoupon({ code: 'LAST', maxUses: 1 });
    await addCoupon({ code: 'RACE', maxUses: 1 });
    const dc = plan((p) => p.type === 'PR_4');
    const buy = (token: string, coupon: string) =>
      bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: dc.id, coupon }, { token });
    const [cat, dan] = [await customer(), await customer()];

    const first = await buy(cat.token, 'HALF');
    expect(first.status).toBe(200);
    const held = {
      status: 400,
      body: {
        detail:
          'This promo code is on an unpaid invoice of yours: pay that invoice, or wait until it expires',
      },
    };
    expect(await buy(cat.token, 'half')).toEqual(held);
    expect(await bed.api.get('/v1/coupon/check?code=HALF', { token: cat.token })).toEqual(held);
    expect((await buy(dan.token, 'HALF')).status).toBe(200);

    // The only use of LAST is held by cat's unpaid invoice; once that invoice has expired, the use is free again.
    const last = await buy(cat.token, 'LAST');
    expect((await buy(dan.token, 'LAST')).body).toEqual({ detail: 'This promo code has been used up' });
    await bed.t.database.db
      .update(schema.invoices)
      .set({ createdAt: new Date(Date.now() - PENDING_WINDOW_MS - 1000) })
      .where(eq(schema.invoices.id, last.body.payload.invoice_id as string));
    expect((await buy(dan.token, 'LAST')).status).toBe(200);

    // Two customers at once for the last use: one invoice, one refusal.
    const race = await Promise.all([buy(cat.token, 'RACE'), buy(dan.token, 'RACE')]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    const rows = await bed.t.database.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.couponCode, 'RACE'));
    expect(rows).toHaveLength(1);
  });
});

describe('a late payment and its coupon (issue #15, ADR 005)', () => {
  const dc = () => plan((p) => p.type === 'PR_4');
  const buy = (token: string, coupon: string) =>
    bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: dc().id, coupon }, { token });
  const expire = (id: string) =>
    bed.t.database.db
      .update(schema.invoices)
      .set({ createdAt: new Date(Date.now() - PENDING_WINDOW_MS - 1000) })
      .where(eq(schema.invoices.id, id));
  const row = async (id: string) =>
    (await bed.t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;
  const plansOf = (id: string) =>
    bed.t.database.db.select().from(schema.customerPlans).where(eq(schema.customerPlans.invoiceId, id));

  it('a one-use coupon on an expired invoice, used again on a second one: both paid, the late one flagged', async () => {
    await bed.t.database.db
      .insert(schema.coupons)
      .values({ code: 'SOLO', kind: 'percent', value: 50, maxUses: 1 });
    const eve = await customer();
    const first = await buy(eve.token, 'SOLO');
    await expire(first.body.payload.invoice_id as string);
    const second = await buy(eve.token, 'SOLO');
    expect(second.status).toBe(200);

    await payOnSandbox(second.body.payload.hosted_url as string);
    await payOnSandbox(first.body.payload.hosted_url as string);
    const [late, onTime] = [
      await row(first.body.payload.invoice_id as string),
      await row(second.body.payload.invoice_id as string),
    ];
    // Money received is never lost: the customer gets both plans...
    expect([late.paid, onTime.paid]).toEqual([true, true]);
    expect(await plansOf(late.id)).toHaveLength(1);
    // ...and the operator sees the coupon went past its terms, on the invoice that did it.
    expect(late.flag).toBe('coupon SOLO used again by the same customer');
    expect(onTime.flag).toBeNull();
  });

  it("another customer's late payment counts past the coupon's uses and is flagged", async () => {
    await bed.t.database.db
      .insert(schema.coupons)
      .values({ code: 'LONE', kind: 'percent', value: 50, maxUses: 1 });
    const [fay, gus] = [await customer(), await customer()];
    const abandoned = await buy(fay.token, 'LONE');
    await expire(abandoned.body.payload.invoice_id as string);
    const taken = await buy(gus.token, 'LONE');
    await payOnSandbox(taken.body.payload.hosted_url as string);
    await payOnSandbox(abandoned.body.payload.hosted_url as string);

    const late = await row(abandoned.body.payload.invoice_id as string);
    expect(late.paid).toBe(true);
    expect(late.flag).toBe('coupon LONE used past its 1 uses');
    const [coupon] = await bed.t.database.db
      .select()
      .from(schema.coupons)
      .where(eq(schema.coupons.code, 'LONE'));
    const redemptions = await bed.t.database.db
      .select()
      .from(schema.couponRedemptions)
      .where(eq(schema.couponRedemptions.couponId, coupon!.id));
    expect(redemptions).toHaveLength(2);
    expect((await row(taken.body.payload.invoice_id as string)).flag).toBeNull();
  });

  it('a late payment after the coupon was withdrawn is honoured and flagged; an on-time one is not flagged', async () => {
    await bed.t.database.db.insert(schema.coupons).values({ code: 'GONE', kind: 'percent', value: 20 });
    const [hal, ida] = [await customer(), await customer()];
    const late = await buy(hal.token, 'GONE');
    const onTime = await buy(ida.token, 'GONE');
    await expire(late.body.payload.invoice_id as string);
    await bed.t.database.db
      .update(schema.coupons)
      .set({ isActive: false })
      .where(eq(schema.coupons.code, 'GONE'));
    await payOnSandbox(late.body.payload.hosted_url as string);
    await payOnSandbox(onTime.body.payload.hosted_url as string);
    expect(await row(late.body.payload.invoice_id as string)).toMatchObject({
      paid: true,
      flag: 'coupon GONE withdrawn before this late payment',
    });
    expect(await row(onTime.body.payload.invoice_id as string)).toMatchObject({ paid: true, flag: null });
  });
});

describe('paying from the reseller balance (SPEC.md §2 Balance, DESIGN.md §4)', () => {
  it('tops up through a gateway, then pays at once from the balance, never below zero', async () => {
    const { token, username } = await customer();
    const createTopUp = (amount: number, paymentMethod: string) =>
      bed.api.post(
        '/v1/invoice/create-balance-invoice',
        { amount, payment_method: paymentMethod },
        { token },
      );
    expect((await createTopUp(50, 'sandbox')).status).toBe(403);
    expect((await bed.api.get('/v1/balance/history', { token })).status).toBe(403);
    const dc = plan((p) => p.type === 'PR_4');
    expect(
      (await bed.api.post('/v1/invoice/create', { payment_method: 'balance', plan: dc.id }, { token })).body,
    ).toEqual({
      detail: 'Only resellers pay from a balance',
    });
    await makeReseller(bed.t.database.db, username);

    expect((await createTopUp(0, 'sandbox')).body.detail).toBe('body.amount: Amount must be more than 0');
    expect((await createTopUp(5, 'balance')).body.detail).toBe('A top-up cannot be paid from the balance');
    const topUp = await createTopUp(25.5, 'sandbox');
    await payOnSandbox(topUp.body.payload.hosted_url);
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.balance).toBe(25.5);

    const paid = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'balance', plan: dc.id },
      { token },
    );
    expect(paid.body).toMatchObject({ detail: 'Paid: your order is ready', payload: { hosted_url: null } });
    expect((await bed.api.get('/v1/auth/access', { token })).body.payload.balance).toBe(
      Math.round((25.5 - dc.price) * 100) / 100,
    );

    const expensive = plan((p) => p.type === 'PR_4' && p.price > 25.5 - dc.price);
    expect(
      (await bed.api.post('/v1/invoice/create', { payment_method: 'balance', plan: expensive.id }, { token }))
        .body,
    ).toEqual({
      detail: 'Not enough balance: add balance first',
    });
    // The refused purchase left no invoice behind, and the sandbox pays only its own invoices.
    const invoiceIds = (
      (await bed.api.get('/v1/invoice/read', { token })).body.results as { id: string }[]
    ).map((i) => i.id);
    expect(invoiceIds).toEqual([paid.body.payload.invoice_id, topUp.body.payload.invoice_id]);
    const sandboxPay = await bed.t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${paid.body.payload.invoice_id}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sandboxPay.statusCode).toBe(404);
    const ledger = await bed.t.database.db
      .select({ total: sql<string>`sum(${schema.balanceLedger.amountCents})` })
      .from(schema.balanceLedger);
    expect(Number(ledger[0]!.total)).toBeGreaterThanOrEqual(0);

    const history = (await bed.api.get('/v1/balance/history', { token })).body as {
      count: number;
      next: null;
      results: { amount: number; reason: string; invoice_id: string }[];
    };
    expect(history).toMatchObject({ count: 2, next: null });
    expect(history.results.map((e) => [e.amount, e.reason])).toEqual([
      [-dc.price, dc.name],
      [25.5, 'Top-up'],
    ]);
    expect(history.results[0]!.invoice_id).toBe(paid.body.payload.invoice_id);
  });
});

describe('referral points (DESIGN.md §4)', () => {
  it('the referrer earns a point per whole euro the referee pays', async () => {
    const referrer = await customer();
    const code = (await bed.api.get('/v1/user/dashboard-stats', { token: referrer.token })).body.payload
      .referral_code as string;
    const referee = await customer({ referee: code });
    const dc = plan((p) => p.type === 'PR_4');
    const created = await bed.api.post(
      '/v1/invoice/create',
      { payment_method: 'sandbox', plan: dc.id },
      { token: referee.token },
    );
    expect(
      (await bed.api.get('/v1/user/dashboard-stats', { token: referrer.token })).body.payload.referral_points,
    ).toBe(0);
    await payOnSandbox(created.body.payload.hosted_url);
    expect(
      (await bed.api.get('/v1/user/dashboard-stats', { token: referrer.token })).body.payload.referral_points,
    ).toBe(Math.floor(dc.price));
  });
});
