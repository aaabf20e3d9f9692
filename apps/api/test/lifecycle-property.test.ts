import { randomUUID } from 'node:crypto';
import type { Plan } from '@proxydesk/contract';
import { BYTES_PER_GB, queueUsageAlerts, schema } from '@proxydesk/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopJobs } from '../src/jobs/definitions.js';
import { signPayload } from '../src/modules/payments/signature.js';
import type { StripeEvent } from '../../../test-support/fake-stripe.js';
import { usePaymentShop } from '../../../test-support/payment-shop.js';

/**
 * Issue #16's invariants under random interleavings of payment, duplicate webhooks, refund, dispute won or lost,
 * renewal from the balance, expiry and data use: a plan is active iff its paid, unrefunded invoice covers now
 * (expired after its end, suspended once refunded or its dispute lost), each usage threshold is mailed at most
 * once, and the ledger adds up to the balance the model expects. Invoice 0 is paid through the sandbox, invoice 1
 * through Stripe (its fake on 127.0.0.1, signed events): refunds of it go through the operator's refund path and
 * it can be disputed. `LIFECYCLE_RUNS` searches longer.
 */
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 20);
const SECRET = 'sandbox-secret-for-the-lifecycle-property';
const CREDIT_CENTS = 20_000;
const STRIPE = 1;
const shop = usePaymentShop({
  SANDBOX_PAYMENTS: 'true',
  SANDBOX_WEBHOOK_SECRET: SECRET,
  RATE_LIMIT_PER_MINUTE: '100000',
});
let plan: Plan;
let reseller: { name: string; token: string; user: typeof schema.users.$inferSelect };

beforeAll(async () => {
  plan = ((await shop.api.get('/v1/plan/read')).body.payload as Plan[]).find((p) => p.type === 'PR_2')!;
  const [user] = await shop.t.database.db
    .update(schema.users)
    .set({ role: 'reseller' })
    .where(eq(schema.users.username, 'payer'))
    .returning();
  reseller = { name: 'payer', token: shop.token, user: user! };
});

type Action =
  | { kind: 'pay'; invoice: 0 | 1; copy: number }
  | { kind: 'refund'; invoice: 0 | 1 }
  | { kind: 'dispute'; outcome: 'won' | 'lost' }
  | { kind: 'renew'; invoice: 0 | 1 }
  | { kind: 'expire' }
  | { kind: 'use'; invoice: 0 | 1; share: number };

const invoiceIndex = fc.constantFrom<0 | 1>(0, 1);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    invoice: invoiceIndex,
    copy: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), invoice: invoiceIndex }),
  fc.record({
    kind: fc.constant('dispute' as const),
    outcome: fc.constantFrom('won' as const, 'lost' as const),
  }),
  fc.record({ kind: fc.constant('renew' as const), invoice: invoiceIndex }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({
    kind: fc.constant('use' as const),
    invoice: invoiceIndex,
    share: fc.constantFrom(0.5, 0.85, 1),
  }),
);

const db = () => shop.t.database.db;
const { invoiceRow } = shop;
const until = async (condition: () => Promise<boolean>, what: string) => {
  const end = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const sandboxEvent = async (
  type: 'payment.succeeded' | 'refund.succeeded',
  invoiceId: string,
  eventId: string,
) => {
  const row = await invoiceRow(invoiceId);
  const body = JSON.stringify({
    id: eventId,
    type,
    invoice_id: invoiceId,
    amount_cents: row.priceCents,
    currency: 'EUR',
    created: Date.now(),
  });
  const answer = await shop.t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(SECRET, body) },
  });
  expect(answer.statusCode).toBe(200);
};

/** Stripe's side of invoice 1: its Checkout session, the completion event once paid, and its one dispute. */
class StripeInvoice {
  private completion: StripeEvent | undefined;
  disputed = false;
  constructor(
    readonly invoiceId: string,
    private readonly sessionId: string,
  ) {}

  static async create(token: string) {
    const answer = await shop.api.post(
      '/v1/invoice/create',
      { payment_method: 'stripe', plan: plan.id },
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const invoiceId = (answer.body.payload as { invoice_id: string }).invoice_id;
    const session = [...shop.stripe.sessions.values()].find(
      (s) => s.session.metadata.invoice_id === invoiceId,
    )!;
    return new StripeInvoice(invoiceId, session.session.id);
  }

  /** The hosted page's payment the first time; the same signed event again (a duplicate webhook) after. */
  async pay() {
    if (!this.completion) {
      expect((await shop.stripe.complete(this.sessionId)).status).toBe(200);
      this.completion = shop.stripe.events.findLast(
        (e) => e.type === 'checkout.session.completed' && JSON.stringify(e).includes(this.sessionId),
      );
      return;
    }
    expect((await shop.stripe.sendEvent(this.completion)).status).toBe(200);
  }

  /** Opened, then closed won or lost: a charge is disputed once. */
  async dispute(outcome: 'won' | 'lost') {
    expect((await shop.stripe.dispute(this.sessionId, 'created')).status).toBe(200);
    expect((await shop.stripe.dispute(this.sessionId, outcome)).status).toBe(200);
    this.disputed = true;
  }
}

interface ModelPlan {
  status: 'active' | 'expired' | 'suspended';
  alerted: boolean;
}

describe('the lifecycle under random interleavings (issue #16, fast-check)', () => {
  it('keeps plan states, threshold mails and the ledger consistent', async () => {
    const { t, api } = shop;
    const jobs = shopJobs({
      db: db(),
      log: t.app.log,
      payments: t.app.payments,
      graceHours: 72,
      sendDueMails: async () => {},
      autoRenew: () => t.app.autoRenew(),
      webhooks: t.app.webhooks,
    });
    const expireJob = jobs.find((job) => job.name === 'expire-plans')!;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        // One reseller for every run (sign-ups are rate-limited); each run tops up and buys its own two plans.
        const { name, token, user } = reseller;
        const [before] = await db()
          .select({ cents: sql<string>`coalesce(sum(${schema.balanceLedger.amountCents}), 0)` })
          .from(schema.balanceLedger)
          .where(eq(schema.balanceLedger.userId, user.id));
        await db()
          .insert(schema.balanceLedger)
          .values({ userId: user.id, amountCents: CREDIT_CENTS, reason: 'property credit' });
        const run = randomUUID().slice(0, 8);
        const sandboxInvoice = (
          await api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: plan.id }, { token })
        ).body.payload.invoice_id as string;
        const stripe = await StripeInvoice.create(token);
        const invoices = [sandboxInvoice, stripe.invoiceId];

        // The model: what each invoice's plan should be, and the balance.
        const model = new Map<number, ModelPlan>();
        let balance = Number(before!.cents) + CREDIT_CENTS;
        const planOf = async (i: number) =>
          (
            await db()
              .select()
              .from(schema.customerPlans)
              .where(eq(schema.customerPlans.invoiceId, invoices[i]!))
          )[0];
        const refundStripe = async (state: ModelPlan | undefined) => {
          if (!state) return; // nothing was charged yet
          if (state.status === 'suspended') {
            await expect(t.app.payments.refundInvoice(stripe.invoiceId)).rejects.toMatchObject({
              statusCode: 400,
            });
            return;
          }
          expect(await t.app.payments.refundInvoice(stripe.invoiceId)).toBe('requested');
          await until(async () => (await invoiceRow(stripe.invoiceId)).refundedAt !== null, 'the refund');
          state.status = 'suspended';
        };

        for (const a of actions) {
          const state = model.get('invoice' in a ? a.invoice : STRIPE);
          switch (a.kind) {
            case 'pay':
              if (a.invoice === STRIPE) await stripe.pay();
              else
                await sandboxEvent(
                  'payment.succeeded',
                  invoices[a.invoice]!,
                  `evt-${name}-${run}-${a.invoice}-${a.copy}`,
                );
              if (!model.has(a.invoice)) model.set(a.invoice, { status: 'active', alerted: false });
              break;
            case 'refund':
              if (a.invoice === STRIPE) await refundStripe(state);
              else {
                await sandboxEvent('refund.succeeded', invoices[a.invoice]!, `ref-${randomUUID()}`);
                if (state) state.status = 'suspended';
              }
              break;
            case 'dispute':
              // A paid, unrefunded charge can be disputed, once; a won dispute changes nothing, a lost one refunds.
              if (!state || state.status === 'suspended' || stripe.disputed) break;
              await stripe.dispute(a.outcome);
              if (a.outcome === 'lost') state.status = 'suspended';
              break;
            case 'renew': {
              const row = await planOf(a.invoice);
              if (!row) break;
              // Today's price of the same plan (per GB for this product), as the Renew button's checkout shows it.
              const quote = await api.get(`/v1/invoice/renew-quote?plan_id=${row.id}`, { token });
              const price = quote.status === 200 ? Math.round((quote.body.payload.price as number) * 100) : 0;
              const answer = await api.post(
                '/v1/invoice/renew',
                { plan_id: row.id, payment_method: 'balance' },
                { token },
              );
              const renewable = state !== undefined && state.status !== 'suspended' && balance >= price;
              expect(answer.status, JSON.stringify(answer.body)).toBe(renewable ? 200 : 400);
              if (renewable) {
                balance -= price;
                state.status = 'active';
              }
              break;
            }
            case 'expire':
              await db()
                .update(schema.customerPlans)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(
                  sql`${schema.customerPlans.invoiceId} in (${sql.join(
                    invoices.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )}) and ${schema.customerPlans.status} = 'active'`,
                );
              await expireJob.handler({});
              for (const m of model.values()) if (m.status === 'active') m.status = 'expired';
              break;
            case 'use': {
              const row = await planOf(a.invoice);
              if (!row) break;
              const bytes = Math.ceil(row.dataGb! * BYTES_PER_GB * a.share);
              await db()
                .insert(schema.planUsage)
                .values({ customerPlanId: row.id, usedBytes: bytes })
                .onConflictDoUpdate({ target: schema.planUsage.customerPlanId, set: { usedBytes: bytes } });
              await queueUsageAlerts(db());
              if (state?.status === 'active' && a.share >= 0.8) state.alerted = true;
              break;
            }
          }
        }

        for (const [i, expected] of model) {
          const row = await planOf(i);
          expect(row?.status, `plan of invoice ${i} after ${JSON.stringify(actions)}`).toBe(expected.status);
          const invoice = await invoiceRow(invoices[i]!);
          expect(invoice.paid).toBe(true);
          expect(invoice.refundedAt !== null).toBe(expected.status === 'suspended');
          // Each threshold at most once; at least one once crossed while the plan ran.
          for (const threshold of [80, 100]) {
            const mails = await db()
              .select({ key: schema.mailOutbox.onceKey })
              .from(schema.mailOutbox)
              .where(like(schema.mailOutbox.onceKey, `usage-${threshold}:${row!.id}:%`));
            expect(new Set(mails.map((m) => m.key)).size).toBe(mails.length);
          }
          const alerts = await db()
            .select({ key: schema.mailOutbox.onceKey })
            .from(schema.mailOutbox)
            .where(like(schema.mailOutbox.onceKey, `usage-%:${row!.id}:%`));
          if (expected.alerted) expect(alerts.length).toBeGreaterThan(0);
        }
        for (const [i, id] of invoices.entries())
          if (!model.has(i)) expect((await invoiceRow(id)).paid).toBe(false);
        const ledger = await db()
          .select({ cents: sql<string>`coalesce(sum(${schema.balanceLedger.amountCents}), 0)` })
          .from(schema.balanceLedger)
          .where(inArray(schema.balanceLedger.userId, [user.id]));
        expect(Number(ledger[0]!.cents)).toBe(balance);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);
});
