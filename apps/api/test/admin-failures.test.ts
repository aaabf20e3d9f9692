import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useConsoleApp } from '../../../test-support/staff.js';
import { startJobRunner, type JobRunner } from '../src/jobs/runner.js';

// The console opens only to a sign-in with the mailed code (issue #28).
const bed = useConsoleApp(['cat', 'dan']);
const { tokens } = bed;
const ids: Record<string, string> = {};
let runner: JobRunner | undefined;

beforeAll(async () => {
  const db = bed.t.database.db;
  for (const user of await db.select().from(schema.users)) ids[user.username] = user.id;
});
afterAll(async () => {
  await runner?.stop();
});

const as = (name: string) => ({ token: tokens[name]! });
const overview = async () => {
  const answer = await bed.api.get('/v1/admin/overview', as('sue'));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload.failures as Record<string, number>;
};
const until = async (condition: () => Promise<boolean>, what: string) => {
  const end = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('what went wrong, on the overview and in its lists (issue #17 §2)', () => {
  it('counts failed mails, refused webhooks, flagged payments and failed jobs, each with its list', async () => {
    expect(await overview()).toEqual({
      mails_failed: 0,
      webhooks_refused: 0,
      payments_flagged: 0,
      jobs_failed: 0,
    });
    const db = bed.t.database.db;

    // A mail given up after its tries (the outbox's own retries are tested in mail-outbox.test.ts).
    const [catMail] = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.userId, ids.cat!))
      .limit(1);
    await db
      .update(schema.mailOutbox)
      .set({ state: 'failed', attempts: 20, lastError: '550 mailbox unavailable' })
      .where(eq(schema.mailOutbox.id, catMail!.id));

    // Two notifications with a bad signature, refused with a 400.
    for (let i = 0; i < 2; i += 1) {
      const refused = await bed.api.post('/v1/webhooks/sandbox', { type: 'paid', invoice_id: 'x' });
      expect(refused.status).toBe(400);
    }

    // An invoice a payment flagged.
    await bed.api.post(
      '/v1/billing/create',
      { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' },
      as('dan'),
    );
    const plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
    const made = await bed.api.post(
      '/v1/invoice/create',
      { plan: plans.find((p) => p.type === 'PR_4')!.id, payment_method: 'sandbox' },
      as('dan'),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await db
      .update(schema.invoices)
      .set({ flag: 'paid 1.00 less than asked' })
      .where(eq(schema.invoices.id, made.body.payload.invoice_id as string));

    // A job that fails for good, on the shop's own runner.
    runner = await startJobRunner({
      database: bed.t.database,
      log: pino({ level: 'silent' }),
      pollingSeconds: 0.5,
      jobs: [
        {
          name: 'always-fails',
          retryLimit: 0,
          handler: () => Promise.reject(new Error('provider down')),
        },
      ],
    });
    await runner.send('always-fails', {});
    await until(async () => (await overview()).jobs_failed === 1, 'the job to fail for good');

    expect(await overview()).toEqual({
      mails_failed: 1,
      webhooks_refused: 2,
      payments_flagged: 1,
      jobs_failed: 1,
    });

    const mails = await bed.api.get('/v1/admin/mails?state=failed', as('sue'));
    expect(mails.status).toBe(200);
    expect(mails.body).toMatchObject({
      count: 1,
      next: null,
      results: [
        {
          id: catMail!.id,
          customer_id: ids.cat,
          to: 'cat@example.com',
          template: catMail!.template,
          state: 'failed',
          attempts: 20,
          error: '550 mailbox unavailable',
        },
      ],
    });

    const refusals = await bed.api.get('/v1/admin/webhooks/refused', as('sue'));
    expect(refusals.body).toMatchObject({
      count: 1,
      results: [{ day: new Date().toISOString().slice(0, 10), provider: 'sandbox', count: 2 }],
    });
    expect(refusals.body.results[0].last_reason).not.toBe('');

    const jobs = await bed.api.get('/v1/admin/jobs/failed', as('olga'));
    expect(jobs.body).toMatchObject({
      count: 1,
      results: [{ name: 'always-fails', tries: 1, error: 'provider down' }],
    });
  });

  it('lists a customer’s mails, newest first, to staff only; a list needs a state or a customer', async () => {
    const answer = await bed.api.get(`/v1/admin/mails?customer=${ids.dan}`, as('sue'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const results = answer.body.results as { to: string; template: string; state: string; created: string }[];
    expect(answer.body.count).toBe(results.length);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((mail) => mail.to === 'dan@example.com')).toBe(true);
    expect(results.map((mail) => mail.template)).toContain('otp');
    const times = results.map((mail) => Date.parse(mail.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Delivered by the outbox: the sign-up code is sent.
    await until(
      async () =>
        ((await bed.api.get(`/v1/admin/mails?customer=${ids.dan}&state=sent`, as('sue'))).body
          .count as number) > 0,
      'a sent mail',
    );

    expect((await bed.api.get(`/v1/admin/mails?customer=${ids.dan}`, as('olga'))).status).toBe(200);
    for (const who of ['cat', 'dan'])
      expect(await bed.api.get(`/v1/admin/mails?customer=${ids.dan}`, as(who))).toEqual({
        status: 404,
        body: { detail: expect.any(String) },
      });
    expect((await bed.api.get('/v1/admin/mails?customer=not-an-id', as('sue'))).body).toMatchObject({
      count: 0,
      results: [],
    });
    expect(await bed.api.get('/v1/admin/mails', as('sue'))).toEqual({
      status: 400,
      body: { detail: 'Give a state or a customer' },
    });
    expect((await bed.api.get('/v1/admin/mails?state=lost', as('sue'))).status).toBe(400);
  });

  it('lists customers by gateway traffic over 30 days, most first, per product, adding up to the overview', async () => {
    const db = bed.t.database.db;
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await db.insert(schema.usageDays).values([
      { userId: ids.cat!, productType: 'PR_2', day: day(0), bytesUp: 100, bytesDown: 900 },
      { userId: ids.cat!, productType: 'PR_2', day: day(3), bytesUp: 0, bytesDown: 1000 },
      { userId: ids.dan!, productType: 'PR_2', day: day(1), bytesUp: 500, bytesDown: 2500 },
      { userId: ids.dan!, productType: 'PR_6', day: day(2), bytesUp: 0, bytesDown: 700 },
      // Older than the overview's 30 days: not counted.
      { userId: ids.cat!, productType: 'PR_2', day: day(40), bytesUp: 0, bytesDown: 99_999 },
    ]);
    const all = await bed.api.get('/v1/admin/traffic', as('sue'));
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toEqual({
      count: 3,
      next: null,
      results: [
        { customer_id: ids.dan, username: 'dan', product: 'PR_2', bytes: 3000 },
        { customer_id: ids.cat, username: 'cat', product: 'PR_2', bytes: 2000 },
        { customer_id: ids.dan, username: 'dan', product: 'PR_6', bytes: 700 },
      ],
    });
    const isp = await bed.api.get('/v1/admin/traffic?product=PR_2', as('olga'));
    expect((isp.body.results as { username: string }[]).map((row) => row.username)).toEqual(['dan', 'cat']);
    // The overview's figure per product is the list's sum.
    const traffic = (await bed.api.get('/v1/admin/overview', as('sue'))).body.payload.traffic as {
      product: string;
      value: number;
    }[];
    expect(traffic).toEqual([
      { product: 'PR_2', value: 5000 },
      { product: 'PR_6', value: 700 },
    ]);
    for (const who of ['cat', 'dan'])
      expect((await bed.api.get('/v1/admin/traffic', as(who))).status).toBe(404);
  });
});
