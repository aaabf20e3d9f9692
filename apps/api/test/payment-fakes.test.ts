import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCoinGate, type FakeCoinGate } from '../../../test-support/fake-coingate.js';
import { startFakePaddle, type FakePaddle } from '../../../test-support/fake-paddle.js';
import {
  startFakeStripe,
  stripeSignatureHeader,
  type FakeStripe,
} from '../../../test-support/fake-stripe.js';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint of our own: records every request and answers 200. */
const startReceiver = async () => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver for the tests of a describe block: started before them, emptied before each, closed after them. */
const useReceiver = () => {
  const receiver = {} as Receiver;
  beforeAll(async () => {
    Object.assign(receiver, await startReceiver());
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.received.length = 0;
  });
  return receiver;
};

const hmacHex = (key: string, content: string) => createHmac('sha256', key).update(content).digest('hex');
const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Our own check of a Stripe-Signature header, written from Stripe's documentation. */
const verifyStripe = (body: string, header: string, secret: string, toleranceS = 300) => {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const v1 = parts.filter(([key]) => key === 'v1').map(([, value]) => value);
  if (t === undefined || v1.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceS) return false;
  return v1.some((signature) => sameHex(signature, hmacHex(secret, `${t}.${body}`)));
};

/** Our own check of a Paddle-Signature header (`ts=…;h1=…`), written from Paddle's documentation. */
const verifyPaddle = (body: string, header: string, secret: string, toleranceS = 5) => {
  const fields = Object.fromEntries(header.split(';').map((part) => part.split('=') as [string, string]));
  const { ts, h1 } = fields;
  if (ts === undefined || h1 === undefined) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceS) return false;
  return sameHex(h1, hmacHex(secret, `${ts}:${body}`));
};

const html = (response: Response) => response.text();

describe('fake Stripe', () => {
  let stripe: FakeStripe;
  const receiver = useReceiver();
  let sdk: Stripe;

  const checkoutForm = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      mode: 'payment',
      success_url: 'http://shop.test/billing/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/billing',
      client_reference_id: 'inv_42',
      'metadata[invoice_id]': 'inv_42',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': 'Residential proxies, 10 GB',
      'line_items[0][quantity]': '1',
      ...overrides,
    });
  const createSession = (form: URLSearchParams, key: string | null = stripe.secretKey) =>
    fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      },
      body: form,
    });
  const getSession = (id: string) =>
    fetch(`${stripe.url}/v1/checkout/sessions/${id}`, {
      headers: { authorization: `Bearer ${stripe.secretKey}` },
    });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripe.setWebhook(`${receiver.url}/webhooks/stripe`);
    sdk = new Stripe(stripe.secretKey, {
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => stripe.close());

  it('creates a Checkout Session from a bracket-encoded form and reads it back', async () => {
    expect(stripe.secretKey).toMatch(/^sk_test_fake/);
    expect(stripe.webhookSecret).toMatch(/^whsec_/);
    const response = await createSession(checkoutForm());
    expect(response.status).toBe(200);
    const session = (await response.json()) as Stripe.Checkout.Session;
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      amount_total: 1999,
      currency: 'eur',
      metadata: { invoice_id: 'inv_42' },
      client_reference_id: 'inv_42',
      payment_status: 'unpaid',
      status: 'open',
      mode: 'payment',
      success_url: 'http://shop.test/billing/done?session={CHECKOUT_SESSION_ID}',
    });
    expect(session.url).toBe(`${stripe.url}/pay/${session.id}`);
    expect(stripe.sessions.get(session.id)?.params).toEqual({
      mode: 'payment',
      success_url: 'http://shop.test/billing/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/billing',
      client_reference_id: 'inv_42',
      metadata: { invoice_id: 'inv_42' },
      line_items: [
        {
          price_data: {
            currency: 'eur',
            unit_amount: '1999',
            product_data: { name: 'Residential proxies, 10 GB' },
          },
          quantity: '1',
        },
      ],
    });
    expect(await (await getSession(session.id)).json()).toEqual(session);
  });

  it('refuses requests without the secret key and reports parameter errors like Stripe', async () => {
    const anonymous = await createSession(checkoutForm(), null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('did not provide an API key'),
      },
    });
    const wrong = await createSession(checkoutForm(), 'sk_test_someoneelse1234');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('Invalid API Key provided') },
    });

    const noMode = checkoutForm();
    noMode.delete('mode');
    const missing = await createSession(noMode);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_missing', param: 'mode' },
    });
    const badAmount = await createSession(
      checkoutForm({ 'line_items[0][price_data][unit_amount]': '19.99' }),
    );
    expect(await badAmount.json()).toMatchObject({
      error: { code: 'parameter_invalid_integer', param: 'line_items[0][price_data][unit_amount]' },
    });
    const unknown = await getSession('cs_test_nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'resource_missing', param: 'session' } });
  });

  it('completes a session: marks it paid and posts a signed checkout.session.completed event', async () => {
    const session = (await (await createSession(checkoutForm())).json()) as Stripe.Checkout.Session;
    const delivered = await stripe.complete(session.id);
    expect(delivered.status).toBe(200);
    await delivered.text();

    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received as [Received];
    expect(hook).toMatchObject({ method: 'POST', path: '/webhooks/stripe' });
    expect(hook.headers['content-type']).toMatch(/^application\/json/);
    const header = hook.headers['stripe-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyStripe(hook.body, header, stripe.webhookSecret)).toBe(true);
    expect(verifyStripe(hook.body, header, 'whsec_other')).toBe(false);

    const event = sdk.webhooks.constructEvent(hook.body, header, stripe.webhookSecret);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'checkout.session.completed',
      created: expect.any(Number),
      data: {
        object: {
          id: session.id,
          payment_status: 'paid',
          status: 'complete',
          amount_total: 1999,
          metadata: { invoice_id: 'inv_42' },
          client_reference_id: 'inv_42',
        },
      },
    });
    expect(await (await getSession(session.id)).json()).toMatchObject({
      payment_status: 'paid',
      status: 'complete',
      url: null,
      payment_intent: expect.stringMatching(/^pi_/),
    });
    await expect(stripe.complete(session.id)).rejects.toThrow(/not open/);
  });

  it('sends duplicated, badly signed, stale and tampered events on request', async () => {
    const session = (await (await createSession(checkoutForm())).json()) as Stripe.Checkout.Session;
    await (await stripe.complete(session.id)).text();
    const event = stripe.events.at(-1)!;
    const secret = stripe.webhookSecret;

    await (await stripe.sendEvent(event)).text();
    await (await stripe.sendEvent(event, { secret: 'whsec_wrong' })).text();
    await (await stripe.sendEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).text();
    const tampered = JSON.stringify({ ...event, type: 'charge.refunded' });
    const signedOriginal = stripeSignatureHeader(
      JSON.stringify(event),
      secret,
      Math.floor(Date.now() / 1000),
    );
    await (await stripe.sendEvent(event, { body: tampered, signature: signedOriginal })).text();
    await (await stripe.sendEvent(event, { signature: null })).text();

    const [original, duplicate, wrongKey, stale, forged, unsigned] = receiver.received as [
      Received,
      Received,
      Received,
      Received,
      Received,
      Received,
    ];
    const construct = (hook: Received) =>
      sdk.webhooks.constructEvent(hook.body, hook.headers['stripe-signature'] as string, secret);
    expect(construct(duplicate).id).toBe(construct(original).id);
    expect(() => construct(wrongKey)).toThrow(/No signatures found matching the expected signature/);
    expect(() => construct(stale)).toThrow(/Timestamp outside the tolerance zone/);
    expect(() => construct(forged)).toThrow(/No signatures found matching/);
    expect(unsigned.headers['stripe-signature']).toBeUndefined();
    expect(verifyStripe(stale.body, stale.headers['stripe-signature'] as string, secret, Infinity)).toBe(
      true,
    );
    expect(stripe.deliveries.map((delivery) => delivery.status)).toContain(200);
  });

  it('serves the official SDK: create, retrieve with expand, line items, idempotency, expire and errors', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      success_url: 'http://shop.test/billing/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/billing',
      client_reference_id: 'inv_7',
      metadata: { invoice_id: 'inv_7' },
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 1000, product_data: { name: 'Datacenter IPs' } },
          quantity: 2,
        },
        { price_data: { currency: 'eur', unit_amount: 499, product_data: { name: 'Setup' } }, quantity: 1 },
      ],
    };
    const created = await sdk.checkout.sessions.create(params, { idempotencyKey: 'order-7' });
    expect(created).toMatchObject({ amount_total: 2499, currency: 'eur', metadata: { invoice_id: 'inv_7' } });
    const request = stripe.requests.at(-1)!;
    expect(request.headers['stripe-version']).toEqual(expect.any(String));
    expect(request.headers['idempotency-key']).toBe('order-7');

    const replay = await sdk.checkout.sessions.create(params, { idempotencyKey: 'order-7' });
    expect(replay.id).toBe(created.id);
    await expect(
      sdk.checkout.sessions.create(
        { ...params, client_reference_id: 'inv_8' },
        { idempotencyKey: 'order-7' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    const expanded = await sdk.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(
      expanded.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total]),
    ).toEqual([
      ['Datacenter IPs', 2, 2000],
      ['Setup', 1, 499],
    ]);
    const lineItems = await sdk.checkout.sessions.listLineItems(created.id);
    expect(lineItems.data).toHaveLength(2);

    const expired = await sdk.checkout.sessions.expire(created.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });

    await expect(sdk.checkout.sessions.create({ ...params, mode: undefined })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'mode',
    });
    await expect(sdk.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
    const stranger = new Stripe('sk_test_not_the_fakes_key', {
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.checkout.sessions.retrieve(created.id)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
  });

  it('has a hosted page whose Pay button completes the session and redirects to success_url', async () => {
    const session = (await (await createSession(checkoutForm())).json()) as Stripe.Checkout.Session;
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await html(page)).toContain('Pay 19.99 EUR');
    const paid = await fetch(session.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://shop.test/billing/done?session=${session.id}`);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid' } },
    });
  });
});

describe('fake Paddle', () => {
  let paddle: FakePaddle;
  const receiver = useReceiver();

  const transactionBody = (extra: Record<string, unknown> = {}) => ({
    items: [
      {
        price: {
          description: 'Residential proxies, 10 GB',
          name: '10 GB',
          unit_price: { amount: '1999', currency_code: 'EUR' },
          product: { name: 'Residential proxies', tax_category: 'standard' },
        },
        quantity: 1,
      },
    ],
    custom_data: { invoice_id: 'inv_42' },
    ...extra,
  });
  const post = (body: unknown, authorization: string | null = `Bearer ${paddle.apiKey}`) =>
    fetch(`${paddle.url}/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
      body: JSON.stringify(body),
    });
  const get = (id: string) =>
    fetch(`${paddle.url}/transactions/${id}`, { headers: { authorization: `Bearer ${paddle.apiKey}` } });
  type Answer = { data: { id: string; status: string; checkout: { url: string } } };

  beforeAll(async () => {
    paddle = await startFakePaddle();
    paddle.setWebhook(`${receiver.url}/webhooks/paddle`);
  });
  afterAll(() => paddle.close());

  it('creates a transaction with a non-catalog item and reads it back', async () => {
    const response = await post(transactionBody());
    expect(response.status).toBe(201);
    const answer = (await response.json()) as Answer;
    const { id } = answer.data;
    expect(id).toMatch(/^txn_01[0-9a-z]{24}$/);
    expect(answer).toMatchObject({
      data: {
        status: 'draft',
        custom_data: { invoice_id: 'inv_42' },
        currency_code: 'EUR',
        details: {
          totals: { subtotal: '1999', tax: '0', total: '1999', grand_total: '1999', currency_code: 'EUR' },
        },
        items: [
          {
            quantity: 1,
            price: { description: 'Residential proxies, 10 GB', unit_price: { amount: '1999' } },
          },
        ],
        checkout: { url: `${paddle.url}/checkout?_ptxn=${id}` },
      },
      meta: { request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(paddle.transactions.get(id)?.body).toEqual(transactionBody());
    expect(((await (await get(id)).json()) as Answer).data).toEqual(answer.data);

    const ready = (await (
      await post(
        transactionBody({
          customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
          address_id: 'add_01hv8gq3318ktkfengj2r75gfx',
          checkout: { url: 'https://shop.test/pay' },
        }),
      )
    ).json()) as Answer;
    expect(ready.data.status).toBe('ready');
    expect(ready.data.checkout.url).toBe(`https://shop.test/pay?_ptxn=${ready.data.id}`);
  });

  it('answers Paddle errors for bad credentials, unknown ids and invalid bodies', async () => {
    const code = async (response: Response) => [
      response.status,
      ((await response.json()) as { error: { code: string } }).error.code,
    ];
    expect(await code(await post(transactionBody(), null))).toEqual([403, 'authentication_missing']);
    expect(await code(await post(transactionBody(), `Token ${paddle.apiKey}`))).toEqual([
      403,
      'authentication_malformed',
    ]);
    expect(await code(await post(transactionBody(), 'Bearer pdl_sdbx_apikey_wrong'))).toEqual([
      403,
      'invalid_token',
    ]);
    expect(await code(await get('txn_01hv00000000000000000000zz'))).toEqual([404, 'not_found']);

    const invalid = await post({
      items: [
        {
          price: { unit_price: { amount: '19.99', currency_code: 'EUR' }, product: { name: 'X' } },
          quantity: 1,
        },
      ],
    });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: { code: string; errors: { field: string }[] } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.errors.map((error) => error.field)).toEqual([
      'items[0].price.description',
      'items[0].price.unit_price.amount',
      'items[0].price.product.tax_category',
    ]);
  });

  it('completes a transaction and posts a signed transaction.completed notification', async () => {
    const { data } = (await (await post(transactionBody())).json()) as Answer;
    const delivered = await paddle.complete(data.id);
    expect(delivered.status).toBe(200);
    await delivered.text();

    const [hook] = receiver.received as [Received];
    expect(hook).toMatchObject({ method: 'POST', path: '/webhooks/paddle' });
    const header = hook.headers['paddle-signature'] as string;
    expect(header).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/);
    expect(verifyPaddle(hook.body, header, paddle.webhookSecret)).toBe(true);
    expect(verifyPaddle(hook.body, header, 'pdl_ntfset_other')).toBe(false);
    expect(JSON.parse(hook.body)).toMatchObject({
      event_id: expect.stringMatching(/^evt_01/),
      event_type: 'transaction.completed',
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      notification_id: expect.stringMatching(/^ntf_01/),
      data: {
        id: data.id,
        status: 'completed',
        custom_data: { invoice_id: 'inv_42' },
        details: { totals: { grand_total: '1999', currency_code: 'EUR' } },
        payments: [{ status: 'captured', amount: '1999' }],
      },
    });
    expect(((await (await get(data.id)).json()) as Answer).data.status).toBe('completed');
  });

  it('sends duplicated, badly signed and stale notifications on request', async () => {
    const { data } = (await (await post(transactionBody())).json()) as Answer;
    await (await paddle.complete(data.id)).text();
    const notification = paddle.notifications.at(-1)!;
    await (await paddle.sendEvent(notification)).text();
    await (await paddle.sendEvent(notification, { secret: 'pdl_ntfset_wrong' })).text();
    await (await paddle.sendEvent(notification, { timestamp: Math.floor(Date.now() / 1000) - 60 })).text();

    const [original, duplicate, wrongKey, stale] = receiver.received as [
      Received,
      Received,
      Received,
      Received,
    ];
    const check = (hook: Received) =>
      verifyPaddle(hook.body, hook.headers['paddle-signature'] as string, paddle.webhookSecret);
    expect(check(original) && check(duplicate)).toBe(true);
    expect(duplicate.body).toBe(original.body);
    expect(check(wrongKey)).toBe(false);
    expect(check(stale)).toBe(false);
    expect(
      verifyPaddle(stale.body, stale.headers['paddle-signature'] as string, paddle.webhookSecret, Infinity),
    ).toBe(true);
  });
});

describe('fake CoinGate', () => {
  let coingate: FakeCoinGate;
  const receiver = useReceiver();

  const orderParams = (extra: Record<string, string> = {}) => ({
    order_id: 'inv_42',
    price_amount: '19.99',
    price_currency: 'EUR',
    receive_currency: 'EUR',
    title: 'Invoice inv_42',
    description: 'Residential proxies, 10 GB',
    callback_url: `${receiver.url}/webhooks/coingate`,
    success_url: 'http://shop.test/billing/done',
    cancel_url: 'http://shop.test/billing',
    token: 'cb-token-42',
    ...extra,
  });
  const postJson = (body: unknown, token = coingate.apiToken) =>
    fetch(`${coingate.url}/v2/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify(body),
    });
  const get = (id: number | string, token = coingate.apiToken) =>
    fetch(`${coingate.url}/v2/orders/${id}`, { headers: { authorization: `Token ${token}` } });
  type Order = { id: number; status: string; payment_url: string; token: string };

  beforeAll(async () => {
    coingate = await startFakeCoinGate();
  });
  afterAll(() => coingate.close());

  it('creates orders from JSON or a form and reads them back', async () => {
    const response = await postJson({ ...orderParams(), price_amount: 19.99 });
    expect(response.status).toBe(200);
    const order = (await response.json()) as Order;
    expect(order).toMatchObject({
      id: expect.any(Number),
      status: 'new',
      order_id: 'inv_42',
      price_amount: '19.99',
      price_currency: 'EUR',
      receive_currency: 'EUR',
      receive_amount: '',
      token: 'cb-token-42',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
    });
    expect(order.payment_url).toMatch(new RegExp(`^${coingate.url}/invoice/[0-9a-f-]{36}$`));
    expect(await (await get(order.id)).json()).toEqual(order);

    const withoutToken = new URLSearchParams(orderParams({ price_amount: '20' }));
    withoutToken.delete('token');
    const form = await fetch(`${coingate.url}/v2/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Token ${coingate.apiToken}`,
      },
      body: withoutToken,
    });
    const formOrder = (await form.json()) as Order & { price_amount: string };
    expect(formOrder.price_amount).toBe('20.0');
    expect(formOrder.token).toMatch(/^[\w-]{20,}$/);
    expect(formOrder.id).toBeGreaterThan(order.id);
  });

  it('answers 401, 404 and 422 like CoinGate', async () => {
    const wrong = await postJson(orderParams(), 'not-the-token');
    expect([wrong.status, await wrong.json()]).toEqual([
      401,
      { message: 'Unauthorized', reason: 'BadAuthToken' },
    ]);
    const { id } = (await (await postJson(orderParams())).json()) as Order;
    expect((await get(id, 'not-the-token')).status).toBe(401);
    const missing = await get(id + 1000);
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { message: 'Order not found', reason: 'OrderNotFound' },
    ]);
    const invalid = await postJson({ ...orderParams(), price_amount: 'lots' });
    expect([invalid.status, await invalid.json()]).toEqual([
      422,
      { message: 'Order is not valid', reason: 'OrderIsNotValid', errors: ['Price amount is not a number'] },
    ]);
  });

  it('posts an unsigned form callback on complete() and shows the new status', async () => {
    const order = (await (await postJson(orderParams())).json()) as Order;
    const delivered = await coingate.complete(order.id);
    expect(delivered.status).toBe(200);
    await delivered.text();

    const [hook] = receiver.received as [Received];
    expect(hook).toMatchObject({ method: 'POST', path: '/webhooks/coingate' });
    expect(hook.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(new URLSearchParams(hook.body));
    expect(fields).toMatchObject({
      id: String(order.id),
      order_id: 'inv_42',
      status: 'paid',
      pay_amount: expect.stringMatching(/^\d+\.\d+$/),
      pay_currency: 'BTC',
      price_amount: '19.99',
      price_currency: 'EUR',
      receive_currency: 'EUR',
      receive_amount: '19.79',
      created_at: expect.stringMatching(/\+00:00$/),
      token: 'cb-token-42',
    });
    expect(await (await get(order.id)).json()).toMatchObject({ status: 'paid', receive_amount: '19.79' });

    const other = (await (await postJson(orderParams({ order_id: 'inv_43' }))).json()) as Order;
    await (await coingate.complete(other.id, 'expired')).text();
    expect(Object.fromEntries(new URLSearchParams(receiver.received[1]!.body)).status).toBe('expired');
    expect(await (await get(other.id)).json()).toMatchObject({ status: 'expired' });
  });

  it('forges callbacks with sendCallback()', async () => {
    const order = (await (await postJson(orderParams())).json()) as Order;
    const forged = { ...coingate.callbackFields(order.id), status: 'paid', token: 'guessed' };
    await (await coingate.sendCallback(order.id, forged)).text();
    expect(Object.fromEntries(new URLSearchParams(receiver.received[0]!.body))).toEqual(forged);
    expect(coingate.orders.get(order.id)?.order.status).toBe('new');
  });

  it('has an invoice page whose Pay button pays the order and redirects to success_url', async () => {
    const order = (await (await postJson(orderParams())).json()) as Order;
    expect(await html(await fetch(order.payment_url))).toContain('Pay 19.99 EUR');
    const paid = await fetch(order.payment_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, 'http://shop.test/billing/done']);
    expect(Object.fromEntries(new URLSearchParams(receiver.received[0]!.body))).toMatchObject({
      id: String(order.id),
      status: 'paid',
    });
  });
});
