import { randomUUID } from 'node:crypto';
import type { Plan } from '@proxydesk/contract';
import { BYTES_PER_GB, queueUsageAlerts, schema } from '@proxydesk/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopJobs } from '../src/jobs/definitions.js';
import { signPayload } from '../src/modules/payments/signature.js';
import { apiClient, signUp, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

/**
 * Issue #16's invariants under random interleavings of payment, duplicate webhooks, refund, renewal from the
 * balance, expiry and data use: a plan is active iff its paid, unrefunded invoice covers now (expired after its
 * end, suspended once refunded), each usage threshold is mailed at most once, and the ledger adds up to the
 * balance the model expects. `LIFECYCLE_RUNS` searches longer.
 */
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 20);
const SECRET = 'sandbox-secret-for-the-lifecycle-property';
const CREDIT_CENTS = 20_000;
let t: TestApp;
let smtp: SmtpCapture;
let api: ApiClient;
let plan: Plan;
let reseller: { name: string; token: string; user: typeof schema.users.$inferSelect };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      SANDBOX_WEBHOOK_SECRET: SECRET,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  api = apiClient(t.app);
  plan = ((await api.get('/v1/plan/read')).body.payload as Plan[]).find((p) => p.type === 'PR_2')!;
  const token = await signUp(api, smtp, { username: 'lifecycler', email: 'lifecycler@example.com' });
  await api.post(
    '/v1/billing/create',
    { first_name: 'P', last_name: 'Q', address: 'A', city: 'B', zip: 'C', country: 'France' },
    { token },
  );
  const [user] = await t.database.db
    .update(schema.users)
    .set({ role: 'reseller' })
    .where(eq(schema.users.username, 'lifecycler'))
    .returning();
  reseller = { name: 'lifecycler', token, user: user! };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Action =
  | { kind: 'pay'; invoice: 0 | 1; copy: number }
  | { kind: 'refund'; invoice: 0 | 1 }
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
  fc.record({ kind: fc.constant('renew' as const), invoice: invoiceIndex }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({
    kind: fc.constant('use' as const),
    invoice: invoiceIndex,
    share: fc.constantFrom(0.5, 0.85, 1),
  }),
);

const sandboxEvent = async (
  type: 'payment.succeeded' | 'refund.succeeded',
  invoiceId: string,
  eventId: string,
) => {
  const [row] = await t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
  const body = JSON.stringify({
    id: eventId,
    type,
    invoice_id: invoiceId,
    amount_cents: row!.priceCents,
    currency: 'EUR',
    created: Date.now(),
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(SECRET, body) },
  });
  expect(answer.statusCode).toBe(200);
};

interface ModelPlan {
  status: 'active' | 'expired' | 'suspended';
  alerted: boolean;
}

describe('the lifecycle under random interleavings (issue #16, fast-check)', () => {
  it('keeps plan states, threshold mails and the ledger consistent', async () => {
    const jobs = shopJobs({
      db: t.database.db,
      log: t.app.log,
      payments: t.app.payments,
      graceHours: 72,
      sendDueMails: async () => {},
      autoRenew: () => t.app.autoRenew(),
    });
    const expireJob = jobs.find((job) => job.name === 'expire-plans')!;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        // One reseller for every run (sign-ups are rate-limited); each run tops up and buys its own two plans.
        const name = reseller.name;
        const token = reseller.token;
        const user = reseller.user;
        const [before] = await t.database.db
          .select({ cents: sql<string>`coalesce(sum(${schema.balanceLedger.amountCents}), 0)` })
          .from(schema.balanceLedger)
          .where(eq(schema.balanceLedger.userId, user.id));
        await t.database.db
          .insert(schema.balanceLedger)
          .values({ userId: user.id, amountCents: CREDIT_CENTS, reason: 'property credit' });
        const run = randomUUID().slice(0, 8);
        const invoices: string[] = [];
        for (let i = 0; i < 2; i += 1)
          invoices.push(
            (await api.post('/v1/invoice/create', { payment_method: 'sandbox', plan: plan.id }, { token }))
              .body.payload.invoice_id as string,
          );

        // The model: what each invoice's plan should be, and the balance.
        const model = new Map<number, ModelPlan>();
        let balance = Number(before!.cents) + CREDIT_CENTS;
        const planOf = async (i: number) =>
          (
            await t.database.db
              .select()
              .from(schema.customerPlans)
              .where(eq(schema.customerPlans.invoiceId, invoices[i]!))
          )[0];

        for (const a of actions) {
          const state = 'invoice' in a ? model.get(a.invoice) : undefined;
          switch (a.kind) {
            case 'pay':
              await sandboxEvent(
                'payment.succeeded',
                invoices[a.invoice]!,
                `evt-${name}-${run}-${a.invoice}-${a.copy}`,
              );
              if (!model.has(a.invoice)) model.set(a.invoice, { status: 'active', alerted: false });
              break;
            case 'refund':
              await sandboxEvent('refund.succeeded', invoices[a.invoice]!, `ref-${randomUUID()}`);
              if (state) state.status = 'suspended';
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
              await t.database.db
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
              await t.database.db
                .insert(schema.planUsage)
                .values({ customerPlanId: row.id, usedBytes: bytes })
                .onConflictDoUpdate({ target: schema.planUsage.customerPlanId, set: { usedBytes: bytes } });
              await queueUsageAlerts(t.database.db);
              if (state?.status === 'active' && a.share >= 0.8) state.alerted = true;
              break;
            }
          }
        }

        for (const [i, expected] of model) {
          const row = await planOf(i);
          expect(row?.status, `plan of invoice ${i} after ${JSON.stringify(actions)}`).toBe(expected.status);
          const [invoice] = await t.database.db
            .select()
            .from(schema.invoices)
            .where(eq(schema.invoices.id, invoices[i]!));
          expect(invoice!.paid).toBe(true);
          expect(invoice!.refundedAt !== null).toBe(expected.status === 'suspended');
          // Each threshold at most once; at least one once crossed while the plan ran.
          for (const threshold of [80, 100]) {
            const mails = await t.database.db
              .select({ key: schema.mailOutbox.onceKey })
              .from(schema.mailOutbox)
              .where(like(schema.mailOutbox.onceKey, `usage-${threshold}:${row!.id}:%`));
            expect(new Set(mails.map((m) => m.key)).size).toBe(mails.length);
          }
          const alerts = await t.database.db
            .select({ key: schema.mailOutbox.onceKey })
            .from(schema.mailOutbox)
            .where(like(schema.mailOutbox.onceKey, `usage-%:${row!.id}:%`));
          if (expected.alerted) expect(alerts.length).toBeGreaterThan(0);
        }
        for (const [i, id] of invoices.entries())
          if (!model.has(i)) {
            const [invoice] = await t.database.db
              .select()
              .from(schema.invoices)
              .where(eq(schema.invoices.id, id));
            expect(invoice!.paid).toBe(false);
          }
        const ledger = await t.database.db
          .select({ cents: sql<string>`coalesce(sum(${schema.balanceLedger.amountCents}), 0)` })
          .from(schema.balanceLedger)
          .where(inArray(schema.balanceLedger.userId, [user.id]));
        expect(Number(ledger[0]!.cents)).toBe(balance);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);
});
