import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plansBoughtBy } from '../../../test-support/shop-customers.js';
import { useConsoleApp } from '../../../test-support/staff.js';

// The console opens only to a sign-in with the mailed code (issue #28).
const bed = useConsoleApp(['cat', 'dan']);
const { tokens } = bed;
const BILLING = { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' };
const invoiceIds: string[] = [];

beforeAll(async () => {
  const db = bed.t.database.db;
  const plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
  for (const [name, type] of [
    ['cat', 'PR_4'],
    ['cat', 'PR_4'],
    ['dan', 'PR_3'],
  ] as const) {
    await bed.api.post('/v1/billing/create', BILLING, as(name));
    const plan = plans.find((p) => p.type === type)!;
    const made = await bed.api.post(
      '/v1/invoice/create',
      { plan: plan.id, payment_method: 'sandbox' },
      as(name),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    invoiceIds.push(made.body.payload.invoice_id as string);
  }
  // The second is two days old (expired), the third flagged.
  await db
    .update(schema.invoices)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(schema.invoices.id, invoiceIds[1]!));
  await db
    .update(schema.invoices)
    .set({ flag: 'amount, "odd"' })
    .where(eq(schema.invoices.id, invoiceIds[2]!));
});

const as = (name: string) => ({ token: tokens[name]! });
const lastAudit = async () =>
  (await bed.t.database.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1))[0];
const ids = async (query: string) => {
  const answer = await bed.api.get(`/v1/admin/invoices?${query}`, as('sue'));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.results as { id: string }[]).map((row) => invoiceIds.indexOf(row.id));
};

describe('money in the console (issue #17 §4)', () => {
  it('filters invoices by status, method, product, customer and date', async () => {
    expect(await ids('')).toEqual([2, 0, 1]);
    expect(await ids('status=pending')).toEqual([2, 0]);
    expect(await ids('status=expired')).toEqual([1]);
    expect(await ids('status=flagged')).toEqual([2]);
    expect(await ids('status=paid')).toEqual([]);
    expect(await ids('status=refunded')).toEqual([]);
    expect(await ids('product=PR_4')).toEqual([0, 1]);
    expect(await ids('method=sandbox&customer=CAT')).toEqual([0, 1]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}`)).toEqual([2, 0]);
    const bad = await bed.api.get('/v1/admin/invoices?status=lost', as('sue'));
    expect(bad.status).toBe(400);
    // A day not on the calendar (the fuzz's find: the CSV export ended its stream with a 500).
    for (const url of ['/v1/admin/invoices.csv?to=0000-00-00', '/v1/admin/invoices?from=2026-02-30']) {
      const noDay = await bed.api.get(url, as('sue'));
      expect([noDay.status, noDay.body.detail], url).toEqual([400, expect.stringContaining('No such day')]);
    }
    const first = await bed.api.get('/v1/admin/invoices?product=PR_4', as('sue'));
    expect(first.body.results[0]).toMatchObject({
      username: 'cat',
      product: 'PR_4',
      status: 'pending',
      flag: null,
    });
  });

  it('exports the filtered list as CSV, fields quoted and formulas neutralised', async () => {
    const answer = await bed.t.app.inject({
      method: 'GET',
      url: '/v1/admin/invoices.csv?status=flagged',
      headers: { authorization: `Bearer ${tokens.sue}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'number,id,created,paid_at,status,flag,username,customer_id,kind,product,plan_name,list_price,price,refunded,coupon,payment_method',
    );
    expect(lines).toHaveLength(2);
    // Unpaid: no number yet, so the line starts with an empty field (a paid one's is checked in admin-reports).
    expect(lines[1]).toMatch(new RegExp(`^,${invoiceIds[2]},`));
    expect(lines[1]).toContain(',"amount, ""odd""",dan,');
  });

  it('marks an invoice paid once, through the payment path, with its event and audit row', async () => {
    const id = invoiceIds[0]!;
    expect(
      (await bed.api.post(`/v1/admin/invoices/${id}/mark-paid`, { reason: 'Bank transfer' }, as('sue')))
        .status,
    ).toBe(403);
    const paid = await bed.api.post(
      `/v1/admin/invoices/${id}/mark-paid`,
      { reason: 'Bank transfer 2026-11-23' },
      { ...as('olga'), ip: '203.0.113.9' },
    );
    expect(paid).toEqual({ status: 200, body: { detail: 'Marked paid and provisioned' } });
    expect(await lastAudit()).toMatchObject({
      action: 'invoice.mark-paid',
      targetId: id,
      ip: '203.0.113.9',
      before: { paid: false },
      after: { paid: true, flag: null },
    });
    const again = await bed.api.post(`/v1/admin/invoices/${id}/mark-paid`, { reason: 'Twice' }, as('olga'));
    expect(again).toEqual({ status: 409, body: { detail: 'This invoice is paid already' } });
    const plans = await plansBoughtBy(bed.t.database.db, id);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.status).toBe('pending');
    const audits = await bed.t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, id));
    expect(audits).toHaveLength(1);

    const page = await bed.api.get(`/v1/admin/invoices/${id}`, as('sue'));
    expect(page.body.payload.invoice).toMatchObject({ status: 'paid', username: 'cat' });
    expect(page.body.payload.events).toEqual([
      expect.objectContaining({
        provider: 'manual',
        type: 'manual.paid',
        payload: expect.objectContaining({ reason: 'Bank transfer 2026-11-23' }),
      }),
    ]);
    const events = await bed.api.get('/v1/admin/payment-events?provider=manual', as('sue'));
    expect(events.body.count).toBe(1);
    expect((await bed.api.get('/v1/admin/invoices/nope', as('sue'))).status).toBe(404);
    expect(
      (await bed.api.post('/v1/admin/invoices/nope/mark-paid', { reason: 'none' }, as('olga'))).status,
    ).toBe(404);
  });
});

describe('proxy pools in the console (issue #17 §6)', () => {
  it('imports an IPv4 range and an IPv6 prefix once, however often it is sent', async () => {
    const lines = ['198.51.100.1-198.51.100.4:8000', '198.51.100.2:8000'];
    const first = await bed.api.post(
      '/v1/admin/pool/import',
      { product: 'PR_4', lines, reason: 'New rack' },
      as('olga'),
    );
    expect(first.body).toEqual({
      detail: '4 added, 1 already in the pool',
      payload: { added: 4, existing: 1 },
    });
    const again = await bed.api.post(
      '/v1/admin/pool/import',
      { product: 'PR_4', lines, reason: 'Again' },
      as('olga'),
    );
    expect(again.body.payload).toEqual({ added: 0, existing: 5 });
    expect(await lastAudit()).toMatchObject({
      action: 'pool.import',
      targetId: 'PR_4',
      after: { added: 0, existing: 5 },
    });
    const v6 = await bed.api.post(
      '/v1/admin/pool/import',
      { product: 'PR_5', lines: ['[2001:db8::/126]:9000'], reason: 'IPv6 block' },
      as('olga'),
    );
    expect(v6.body.payload).toEqual({ added: 4, existing: 0 });
    const bad = await bed.api.post(
      '/v1/admin/pool/import',
      { product: 'PR_5', lines: ['[2001:db8::]:9000', 'nonsense'], reason: 'Typo' },
      as('olga'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^Line 2: /);
    const listed = await bed.api.get('/v1/admin/pool?product=PR_5&q=2001:db8::', as('sue'));
    expect((listed.body.results as { address: string }[]).map((r) => r.address)).toEqual([
      '2001:db8::',
      '2001:db8::1',
      '2001:db8::2',
      '2001:db8::3',
    ]);
    expect(
      (await bed.api.post('/v1/admin/pool/import', { product: 'PR_4', lines, reason: 'Support' }, as('sue')))
        .status,
    ).toBe(403);
  });

  it('shows who uses an address, and retires it by moving its customer to a free one', async () => {
    const activated = await bed.api.post(
      '/v1/user/activate-dc-ipv6-plan',
      { ips: ['203.0.113.5'], type: 'PR_4' },
      as('cat'),
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const before = (await bed.api.get('/v1/admin/pool/utilisation', as('sue'))).body.payload as {
      product: string;
      total: number;
      assigned: number;
      free: number;
      retired: number;
    }[];
    const datacenter = before.find((row) => row.product === 'PR_4')!;
    expect(datacenter.assigned).toBeGreaterThan(0);

    const used = await bed.api.get('/v1/admin/pool?product=PR_4&state=assigned', as('sue'));
    expect(used.body.count).toBe(datacenter.assigned);
    const address = used.body.results[0];
    expect(address.assigned).toMatchObject({ username: 'cat' });

    const sentAfter = Date.now();
    const retired = await bed.api.post(
      `/v1/admin/pool/${address.id}/retire`,
      { reason: 'Blacklisted' },
      as('olga'),
    );
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    expect(retired.body.payload.customer).toBe('cat');
    expect(retired.body.payload.moved_to.address).not.toBe(address.address);
    expect(await lastAudit()).toMatchObject({
      action: 'pool.retire',
      targetId: address.id,
      before: expect.objectContaining({ address: address.address, planId: address.assigned.plan_id }),
      after: { retired: true, movedTo: retired.body.payload.moved_to },
    });
    const after = (await bed.api.get('/v1/admin/pool/utilisation', as('sue'))).body.payload as typeof before;
    expect(after.find((row) => row.product === 'PR_4')).toEqual({
      ...datacenter,
      total: datacenter.total - 1,
      free: datacenter.free - 1,
      retired: datacenter.retired + 1,
    });
    const gone = await bed.api.get(
      `/v1/admin/pool?product=PR_4&state=retired&q=${address.address}`,
      as('sue'),
    );
    expect(gone.body.results).toEqual([
      expect.objectContaining({ id: address.id, retired: true, assigned: null }),
    ]);
    // The customer's proxy list names the new address, not the retired one.
    const mine = await bed.api.get('/v1/pool/read', as('cat'));
    const lines = (mine.body.payload as { proxies: string[] }[]).flatMap((plan) => plan.proxies);
    const { address: to, port } = retired.body.payload.moved_to as { address: string; port: number };
    expect(lines.some((line) => line.includes(`${to}:${port}`))).toBe(true);
    expect(lines.some((line) => line.includes(`${address.address}:${address.port}`))).toBe(false);

    // The customer is mailed both addresses, what to update and where to see them (queued with the retire).
    const mail = await bed.smtp.waitFor('cat@example.com', {
      after: sentAfter,
      subject: /^Your proxy address changed/,
    });
    for (const part of [
      `${address.address}:${address.port} was taken out of service`,
      `now uses ${to}:${port} instead`,
      `replace ${address.address}:${address.port} with ${to}:${port}`,
      `"${address.assigned.plan_name}"`,
      '/product/datacenter',
    ])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain('See your proxies');

    const twice = await bed.api.post(`/v1/admin/pool/${address.id}/retire`, { reason: 'Again' }, as('olga'));
    expect(twice).toEqual({ status: 409, body: { detail: 'This address is retired already' } });
  });
});

describe('refunds from the console (issue #17 §4, issue #16 §6)', () => {
  it('refunds a sandbox invoice in part, then in full, through the provider path, each audited', async () => {
    const id = invoiceIds[0]!;
    const refund = (body: object, who = 'olga') =>
      bed.api.post(`/v1/admin/invoices/${id}/refund`, body, { ...as(who), ip: '203.0.113.10' });
    expect((await refund({ reason: 'Asked by the customer' }, 'sue')).status).toBe(403);
    expect((await refund({ reason: 'Too much', amount: 0.001 })).status).toBe(400);
    expect((await refund({ reason: 'Unpaid', amount: 1 }, 'olga')).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'invoice.refund',
      targetId: id,
      ip: '203.0.113.10',
      before: { refunded_cents: 0, refunded: false },
      after: { asked_cents: 100, refunded_cents: 100, refunded: false },
    });
    // A second part adds to the first; more than what is left is refused.
    expect(await refund({ reason: 'Another part', amount: 1 })).toEqual({
      status: 200,
      body: { detail: 'Refunded in part' },
    });
    const twoParts = await bed.api.get(`/v1/admin/invoices/${id}`, as('sue'));
    expect(twoParts.body.payload.invoice).toMatchObject({ status: 'paid', refunded: 2 });
    const price = twoParts.body.payload.invoice.price as number;
    expect(await refund({ reason: 'Too much', amount: price })).toEqual({
      status: 400,
      body: { detail: `Refund between 0.01 and what is left of the price, ${(price - 2).toFixed(2)} €` },
    });
    const full = await refund({ reason: 'Service not delivered' });
    expect(full).toEqual({
      status: 200,
      body: { detail: 'Refunded in full: the plan it bought is suspended' },
    });
    const [plan] = await plansBoughtBy(bed.t.database.db, id);
    expect(plan?.status).toBe('suspended');
    const page = await bed.api.get(`/v1/admin/invoices/${id}`, as('sue'));
    expect(page.body.payload.invoice).toMatchObject({ status: 'refunded' });
    expect(await refund({ reason: 'Again' })).toEqual({
      status: 400,
      body: { detail: 'This invoice is already refunded' },
    });
    expect(
      (await bed.api.post('/v1/admin/invoices/nope/refund', { reason: 'No such thing' }, as('olga'))).status,
    ).toBe(404);
    // An unpaid invoice has nothing to give back.
    expect(
      (
        await bed.api.post(
          `/v1/admin/invoices/${invoiceIds[1]!}/refund`,
          { reason: 'No such thing' },
          as('olga'),
        )
      ).body,
    ).toEqual({
      detail: 'Only a paid invoice can be refunded',
    });
  });
});

describe("money actions ask whose invoice it is (issue #28: never one's own, never staff's)", () => {
  it("refuses to refund or mark paid the operator's own invoice or a member of staff's", async () => {
    const plan = ((await bed.api.get('/v1/plan/read')).body.payload as Plan[]).find(
      (p) => p.type === 'PR_4',
    )!;
    const own: Record<string, string> = {};
    for (const name of ['olga', 'sue']) {
      await bed.api.post('/v1/billing/create', BILLING, as(name));
      const made = await bed.api.post(
        '/v1/invoice/create',
        { plan: plan.id, payment_method: 'sandbox' },
        as(name),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      own[name] = made.body.payload.invoice_id as string;
    }
    const self = 'Not on your own account: use Settings, which asks for your password or code';
    const staff = 'Not on a staff account: staff are managed in the Staff screen';
    for (const [name, detail] of [
      ['olga', self],
      ['sue', staff],
    ] as const) {
      const markPaid = await bed.api.post(
        `/v1/admin/invoices/${own[name]}/mark-paid`,
        { reason: 'transfer' },
        as('olga'),
      );
      expect(markPaid).toEqual({ status: 409, body: { detail } });
      const refund = await bed.api.post(
        `/v1/admin/invoices/${own[name]}/refund`,
        { amount: null, reason: 'goodwill' },
        as('olga'),
      );
      expect(refund).toEqual({ status: 409, body: { detail } });
    }
    const unchanged = await bed.t.database.db
      .select({ paid: schema.invoices.paid })
      .from(schema.invoices)
      .where(eq(schema.invoices.id, own.olga!));
    expect(unchanged).toEqual([{ paid: false }]);
  });
});
