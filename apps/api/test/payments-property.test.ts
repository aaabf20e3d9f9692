import { randomUUID } from 'node:crypto';
import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../src/modules/payments/signature.js';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

const SECRET = 'sandbox-secret-for-the-property-test';
const bed = useMailedApp({ SANDBOX_WEBHOOK_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '100000' });
let token: string;
let planId: number;
/** What each invoice costs: a genuine event pays exactly that (ADR 005 checks it). */
const priceCents = new Map<string, number>();

beforeAll(async () => {
  token = await signUp(bed.api, bed.smtp, { username: 'prop', email: 'prop@example.com' });
  await bed.api.post(
    '/v1/billing/create',
    { first_name: 'P', last_name: 'Q', address: 'A', city: 'B', zip: 'C', country: 'France' },
    { token },
  );
  planId = ((await bed.api.get('/v1/plan/read')).body.payload as Plan[]).find((p) => p.type === 'PR_2')!.id;
});

/** One delivery of a provider event: which invoice, which of its event ids, how it is sent. */
interface Delivery {
  invoice: number;
  eventCopy: number;
  type: 'payment.succeeded' | 'payment.failed';
  concurrentWithPrevious: boolean;
  forged: boolean;
}

const delivery = fc.record<Delivery>({
  invoice: fc.integer({ min: 0, max: 3 }),
  eventCopy: fc.integer({ min: 0, max: 2 }),
  type: fc.constantFrom('payment.succeeded', 'payment.succeeded', 'payment.failed'),
  concurrentWithPrevious: fc.boolean(),
  forged: fc.integer({ min: 0, max: 99 }).map((n) => n < 15),
});

const send = async (invoiceId: string, eventId: string, d: Delivery) => {
  const body = JSON.stringify({
    id: eventId,
    type: d.type,
    invoice_id: invoiceId,
    amount_cents: priceCents.get(invoiceId) ?? 0,
    currency: 'EUR',
    created: Date.now(),
  });
  const signature = signPayload(d.forged ? 'not-the-secret' : SECRET, body);
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
  });
  // Never a redirect, never a 401: 200 once recorded (duplicates too), 400 for a bad signature.
  expect(res.statusCode).toBe(d.forged ? 400 : 200);
};

describe('webhooks under duplicates, reordering, concurrency, forgeries and late payment (DESIGN.md §4)', () => {
  it('provision exactly once per paid invoice and never an unpaid one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(delivery, { minLength: 1, maxLength: 16 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (deliveries, expired) => {
          const ids: string[] = [];
          for (let i = 0; i < 4; i += 1) {
            const created = await bed.api.post(
              '/v1/invoice/create',
              { payment_method: 'sandbox', plan: planId },
              { token },
            );
            ids.push(created.body.payload.invoice_id as string);
          }
          for (const row of await bed.t.database.db
            .select({ id: schema.invoices.id, cents: schema.invoices.priceCents })
            .from(schema.invoices)
            .where(inArray(schema.invoices.id, ids)))
            priceCents.set(row.id, row.cents);
          // Some invoices are past their hour: a payment that arrives anyway is still honoured.
          const late = ids.filter((_, i) => expired[i]);
          if (late.length > 0) {
            await bed.t.database.db
              .update(schema.invoices)
              .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
              .where(inArray(schema.invoices.id, late));
          }
          const run = randomUUID();
          const eventIdOf = (d: Delivery) => `evt-${run}-${d.invoice}-${d.eventCopy}-${d.type}`;

          // Consecutive deliveries flagged concurrent go out together.
          const batches: Delivery[][] = [];
          for (const d of deliveries) {
            const last = batches.at(-1);
            if (last && d.concurrentWithPrevious) last.push(d);
            else batches.push([d]);
          }
          for (const batch of batches)
            await Promise.all(batch.map((d) => send(ids[d.invoice]!, eventIdOf(d), d)));

          for (const [index, id] of ids.entries()) {
            const shouldBePaid = deliveries.some(
              (d) => d.invoice === index && !d.forged && d.type === 'payment.succeeded',
            );
            const [invoice] = await bed.t.database.db
              .select()
              .from(schema.invoices)
              .where(eq(schema.invoices.id, id));
            const provisioned = await bed.t.database.db
              .select()
              .from(schema.customerPlans)
              .where(eq(schema.customerPlans.invoiceId, id));
            expect(invoice!.paid).toBe(shouldBePaid);
            expect(provisioned).toHaveLength(shouldBePaid ? 1 : 0);
          }
          // Each distinct genuine event is recorded once, whatever number of times it came.
          const genuine = new Set(deliveries.filter((d) => !d.forged).map(eventIdOf));
          const recorded = await bed.t.database.db
            .select({ eventId: schema.paymentEvents.eventId })
            .from(schema.paymentEvents)
            .where(inArray(schema.paymentEvents.eventId, [...genuine, 'none']));
          expect(recorded.map((r) => r.eventId).sort()).toEqual([...genuine].sort());
        },
      ),
      { numRuns: 30 },
    );
    // 30 runs of up to 16 deliveries: generous on a busy machine.
  }, 120_000);
});

describe('the webhook endpoint (DESIGN.md §2)', () => {
  const post = (provider: string, body: string, signature?: string) =>
    bed.t.app.inject({
      method: 'POST',
      url: `/v1/webhooks/${provider}`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'sandbox-signature': signature } : {}),
      },
    });

  it('refuses unsigned, forged and stale events with 400, and never provisions them', async () => {
    const id = (
      await bed.api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: planId }, { token })
    ).body.payload.invoice_id as string;
    const body = JSON.stringify({ id: `evt-${randomUUID()}`, type: 'payment.succeeded', invoice_id: id });
    expect((await post('sandbox', body)).statusCode).toBe(400);
    expect((await post('sandbox', body, signPayload('wrong secret', body))).statusCode).toBe(400);
    const stale = signPayload(SECRET, body, Math.floor(Date.now() / 1000) - 3600);
    expect((await post('sandbox', body, stale)).json()).toEqual({ detail: 'Bad or stale signature' });
    expect((await post('sandbox', `${body} `, signPayload(SECRET, body))).statusCode).toBe(400);
    const [invoice] = await bed.t.database.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.id, id));
    expect(invoice!.paid).toBe(false);
  });

  it('records an event for an unknown invoice without failing, and says so', async () => {
    for (const invoiceId of ['not-a-uuid', randomUUID()]) {
      const body = JSON.stringify({
        id: `evt-${randomUUID()}`,
        type: 'payment.succeeded',
        invoice_id: invoiceId,
      });
      const answer = await post('sandbox', body, signPayload(SECRET, body));
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 200,
        body: { detail: 'unknown-invoice' },
      });
    }
  });

  it('answers 400 for a signed body that is not an event, and 404 for an unknown provider', async () => {
    expect((await post('sandbox', 'not json', signPayload(SECRET, 'not json'))).statusCode).toBe(400);
    expect((await post('sandbox', '{}', signPayload(SECRET, '{}'))).statusCode).toBe(400);
    expect((await post('acme-pay', '{}')).json()).toEqual({ detail: 'Unknown payment provider' });
    expect((await bed.t.app.inject({ method: 'GET', url: `/sandbox/pay/${randomUUID()}` })).statusCode).toBe(
      404,
    );
  });
});
