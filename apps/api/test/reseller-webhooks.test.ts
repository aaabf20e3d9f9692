import { queueScheduledWebhookEvents, schema } from '@proxydesk/db';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signUp } from '../../../test-support/accounts.js';
import { createTestApp, useMailedApp, type TestApp } from '../../../test-support/app.js';
import { signUpReseller, makeReseller } from '../../../test-support/resellers.js';
import { pressPay } from '../../../test-support/sandbox.js';

/**
 * Resellers' webhooks (issue #32 item 3): endpoints with a secret shown once, signed deliveries (checked here
 * by a verifier written from the documented scheme, not by the shop's signer), retries with backoff for 24
 * hours, a deliveries list with the answers, resend, and no endpoint on a private address in production.
 */
// A receiver in this process answers only when the app lets the event loop go (a receipt's PDF is drawn on the
// same thread): 3 s is "no answer" here.
const bed = useMailedApp({ WEBHOOK_TIMEOUT_MS: '3000' });

/** A receiver that answers as `mode` says: 200, 500, never, or 200 after 200 ms. */
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
let mode: 'ok' | 'fail' | 'hang' | 'slow' = 'ok';
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (mode === 'hang') return;
      const answer = () =>
        response.writeHead(mode === 'fail' ? 500 : 200).end(mode === 'fail' ? 'boom' : 'thanks');
      if (mode === 'slow') setTimeout(answer, 200);
      else answer();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/**
 * The receiver's side, from docs/api.md alone: `t=<unix>,v1=<hex>`, v1 = HMAC-SHA256(secret, `${t}.${body}`),
 * compared in constant time, at most 5 minutes old.
 */
const verify = (secret: string, header: string | undefined, body: string, now = Date.now()): boolean => {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=') as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

let counter = 0;
const reseller = () => {
  counter += 1;
  return signUpReseller(bed, `hook${counter}`);
};

const addEndpoint = async (token: string, events = ['invoice.paid', 'plan.expiring']) => {
  const answer = await bed.api.post('/v1/webhook-endpoints', { url: receiverUrl, events }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload as { endpoint: { id: string }; secret: string };
};

/** A top-up paid on the sandbox's page: an `invoice.paid` event. */
const payTopUp = async (token: string) => {
  const topUp = await bed.api.post(
    '/v1/invoice/create-balance-invoice',
    { amount: 30, payment_method: 'sandbox' },
    { token },
  );
  await pressPay(bed.t.app, topUp.body.payload.hosted_url as string);
  return topUp.body.payload.invoice_id as string;
};

const deliveries = async (token: string) =>
  (await bed.api.get('/v1/webhook-deliveries', { token })).body.payload as {
    id: string;
    state: string;
    attempts: number;
    last_status: number | null;
    last_answer: string | null;
    last_error: string | null;
    next_attempt_at: string | null;
    last_attempt_at: string | null;
    event: string;
  }[];

/** Polls `read` until `done` holds (the sender works on its own, at commit): never a fixed wait. */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('webhook endpoints', () => {
  it('are for resellers, show the secret once, and are nobody else’s', async () => {
    const customer = await signUp(bed.api, bed.smtp, { username: 'plain', email: 'plain@example.com' });
    expect((await bed.api.get('/v1/webhook-endpoints', { token: customer })).status).toBe(403);

    const owner = await reseller();
    const { endpoint, secret } = await addEndpoint(owner.token);
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    const listed = (await bed.api.get('/v1/webhook-endpoints', { token: owner.token })).body;
    expect(JSON.stringify(listed)).not.toContain(secret);

    const other = await reseller();
    expect((await bed.api.get('/v1/webhook-endpoints', { token: other.token })).body.payload).toEqual([]);
    const path = `/v1/webhook-endpoints/${endpoint.id}`;
    expect((await bed.api.put(path, { enabled: false }, { token: other.token })).status).toBe(404);
    expect((await bed.api.delete(path, { token: other.token })).status).toBe(404);
    expect(
      (await bed.api.get(`/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { token: other.token })).status,
    ).toBe(404);

    for (const [body, detail] of [
      [{ url: 'ftp://example.com/x', events: ['invoice.paid'] }, /https:/],
      [{ url: 'not a url', events: ['invoice.paid'] }, /full URL/],
      [{ url: 'https://user:pw@example.com/', events: ['invoice.paid'] }, /user name/],
      [{ url: receiverUrl, events: [] }, /at least one event/],
      [{ url: receiverUrl, events: ['invoice.lost'] }, /events/],
    ] as const) {
      const answer = await bed.api.post('/v1/webhook-endpoints', body, { token: owner.token });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toMatch(detail);
    }
    // Three accounts signed up by mail: slow on a busy machine.
  }, 60_000);
});

describe('deliveries', { timeout: 90_000 }, () => {
  it('are signed, listed with their answer, and sent once per event and endpoint', async () => {
    const owner = await reseller();
    const { secret } = await addEndpoint(owner.token);
    mode = 'ok';
    received.length = 0;
    const invoiceId = await payTopUp(owner.token);
    // Sent at once when the payment commits, not at the next minute's sweep.
    const mine = await eventually(
      () => Promise.resolve(received.filter((r) => r.body.includes(invoiceId))),
      (found) => found.length > 0,
    );
    expect(mine).toHaveLength(1);
    const [{ headers, body }] = mine as [Received];
    expect(verify(secret, headers['proxydesk-signature'] as string, body)).toBe(true);
    expect(verify(secret, headers['proxydesk-signature'] as string, body.replace('30', '31'))).toBe(false);
    expect(verify('whsec_wrong', headers['proxydesk-signature'] as string, body)).toBe(false);
    expect(verify(secret, headers['proxydesk-signature'] as string, body, Date.now() + 10 * 60_000)).toBe(
      false,
    );
    const event = JSON.parse(body) as { type: string; data: { invoice_id: string; amount: number } };
    expect(event).toMatchObject({ type: 'invoice.paid', data: { invoice_id: invoiceId, amount: 30 } });
    expect(headers['proxydesk-event']).toBe('invoice.paid');

    const [delivery] = await eventually(
      () => deliveries(owner.token),
      ([first]) => first?.state !== 'pending',
    );
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 1,
      last_status: 200,
      last_answer: 'thanks',
    });
    // Nothing is due any more: a second round sends nothing of it.
    received.length = 0;
    await bed.t.app.webhooks.deliverDue();
    expect(received.filter((r) => r.body.includes(invoiceId))).toHaveLength(0);
  });

  it('are retried with backoff when the receiver fails or does not answer, for 24 hours, then failed', async () => {
    const owner = await reseller();
    await addEndpoint(owner.token);
    mode = 'fail';
    await payTopUp(owner.token);
    let [delivery] = await eventually(
      () => deliveries(owner.token),
      ([first]) => (first?.attempts ?? 0) >= 1,
    );
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_status: 500, last_answer: 'boom' });
    const start = new Date(delivery!.last_attempt_at!).getTime();
    const retryIn = new Date(delivery!.next_attempt_at!).getTime() - start;
    expect(retryIn).toBeGreaterThanOrEqual(59_000);
    expect(retryIn).toBeLessThanOrEqual(61_000);

    mode = 'hang';
    await bed.t.app.webhooks.deliverDue(new Date(start + 61_000));
    [delivery] = await deliveries(owner.token);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 2,
      last_status: null,
      last_error: 'No answer in time',
    });
    expect(new Date(delivery!.next_attempt_at!).getTime() - (start + 61_000)).toBeGreaterThanOrEqual(299_000);

    mode = 'fail';
    await bed.t.app.webhooks.deliverDue(new Date(start + 23.9 * 3600_000));
    [delivery] = await deliveries(owner.token);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3, next_attempt_at: null });

    // Resent from the list when the receiver is back (a slow answer is still an answer).
    mode = 'slow';
    const resent = await bed.api.post(
      `/v1/webhook-deliveries/${delivery!.id}/resend`,
      {},
      { token: owner.token },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.payload).toMatchObject({ state: 'delivered', attempts: 4, last_status: 200 });
    const other = await reseller();
    expect(
      (await bed.api.post(`/v1/webhook-deliveries/${delivery!.id}/resend`, {}, { token: other.token }))
        .status,
    ).toBe(404);
  });

  it('tell of a plan that ends soon, once, and only to those who asked', async () => {
    const owner = await reseller();
    await addEndpoint(owner.token, ['plan.expiring']);
    const quiet = await reseller();
    await addEndpoint(quiet.token, ['invoice.paid']);
    const db = bed.t.database.db;
    for (const { userId } of [owner, quiet]) {
      const [invoice] = await db
        .insert(schema.invoices)
        .values({
          userId,
          kind: 'plan',
          planName: 'Residential 10 GB',
          proxyType: 'PR_1',
          priceCents: 0,
          listPriceCents: 0,
          paymentMethod: 'free',
          paid: true,
        })
        .returning({ id: schema.invoices.id });
      await db.insert(schema.customerPlans).values({
        userId,
        invoiceId: invoice!.id,
        productType: 'PR_1',
        planName: 'Residential 10 GB',
        status: 'active',
        dataGb: 10,
        durationHours: 720,
        expiresAt: new Date(Date.now() + 48 * 3600_000),
      });
    }
    expect(await queueScheduledWebhookEvents(db)).toBe(1);
    expect(await queueScheduledWebhookEvents(db)).toBe(0);
    const [delivery] = await deliveries(owner.token);
    expect(delivery).toMatchObject({ event: 'plan.expiring' });
    expect(await deliveries(quiet.token)).toEqual([]);
  });
});

describe('in production', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({
      env: { SMTP_URL: bed.smtp.url, CAPTCHA_PROVIDER: 'off', WEBHOOKS_ALLOW_PRIVATE: 'false' },
    });
  });
  afterAll(() => shop?.close());

  it('refuses an endpoint on a loopback, private or link-local address (SSRF)', async () => {
    const api = apiClient(shop.app);
    const token = await signUp(api, bed.smtp, { username: 'prod', email: 'prod@example.com' });
    await makeReseller(shop.database.db, 'prod');
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://[::1]/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/x',
    ]) {
      const answer = await api.post('/v1/webhook-endpoints', { url, events: ['invoice.paid'] }, { token });
      expect(answer.status, url).toBe(400);
      expect(answer.body.detail).toMatch(/private address/);
    }
    const listed = await api.get('/v1/webhook-endpoints', { token });
    expect(listed.body.payload).toEqual([]);
  });
});
