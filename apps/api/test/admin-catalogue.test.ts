import type { Plan } from '@proxydesk/contract';
import { loadCatalogue, readCatalogue, schema } from '@proxydesk/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../src/cli/commands.js';
import { useConsoleApp } from '../../../test-support/staff.js';
import { pressPay } from '../../../test-support/sandbox.js';

// The console opens only to a sign-in with the mailed code (issue #28).
const bed = useConsoleApp(['cat']);
const { tokens } = bed;
const BILLING = { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' };

beforeAll(async () => {
  expect((await bed.api.post('/v1/billing/create', BILLING, { token: tokens.cat })).status).toBe(200);
});

const as = (name: string) => ({ token: tokens[name]! });
const lastAudit = async () =>
  (await bed.t.database.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1))[0];
const publicPlans = async () => (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
/** A restart loads the catalogue files again; a CLI call runs a command on the database. */
const restartAndCliCall = async () => {
  await loadCatalogue(bed.t.database.db, await readCatalogue());
  await commands.coupon!(['CLI10', 'percent', '10'])(bed.t.database.db);
};

describe('the catalogue, edited live (issue #17 §5)', () => {
  it('lets support read the catalogue but change nothing', async () => {
    const read = await bed.api.get('/v1/admin/catalogue', as('sue'));
    expect(read.status).toBe(200);
    expect(read.body.payload.plans.length).toBeGreaterThan(5);
    // The console shows support the catalogue read-only, operators with its edits.
    expect(read.body.payload.can_edit).toBe(false);
    expect((await bed.api.get('/v1/admin/catalogue', as('olga'))).body.payload.can_edit).toBe(true);
    const locations = await bed.api.get('/v1/admin/locations', as('sue'));
    expect(locations.body.payload.length).toBeGreaterThan(200);
    const plan = read.body.payload.plans[0];
    const writes = [
      bed.api.put(`/v1/admin/plans/${plan.id}`, { price: 1, reason: 'try' }, as('sue')),
      bed.api.put('/v1/admin/maintenance', { status: true, reason: 'try' }, as('sue')),
      bed.api.post('/v1/admin/faqs', { question: 'q', answer: 'a', reason: 'try' }, as('sue')),
    ];
    for (const answer of await Promise.all(writes))
      expect(answer).toEqual({
        status: 403,
        body: { detail: 'Support has read-only access to the console' },
      });
  });

  it('changes a price at once for customers, not on the invoice already made, and keeps it over a restart and a CLI call', async () => {
    const plan = (await publicPlans()).find((p) => p.type === 'PR_4')!;
    const invoice = await bed.api.post(
      '/v1/invoice/create',
      { plan: plan.id, payment_method: 'sandbox' },
      as('cat'),
    );
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);

    const edit = await bed.api.put(
      `/v1/admin/plans/${plan.id}`,
      { price: 77.5, name: 'Datacenter special', reason: 'Autumn price' },
      { ...as('olga'), ip: '203.0.113.5' },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.payload).toMatchObject({
      id: plan.id,
      price: 77.5,
      name: 'Datacenter special',
      active: true,
    });
    // The customer's list shows it at once, though the catalogue reads are kept for a few seconds.
    expect((await publicPlans()).find((p) => p.id === plan.id)).toMatchObject({ price: 77.5 });
    expect(await lastAudit()).toMatchObject({
      action: 'plan.edit',
      targetType: 'plan',
      targetId: String(plan.id),
      ip: '203.0.113.5',
      reason: 'Autumn price',
      before: expect.objectContaining({ priceCents: Math.round(plan.price * 100), name: plan.name }),
      after: expect.objectContaining({ priceCents: 7750, name: 'Datacenter special' }),
    });

    await restartAndCliCall();
    expect((await publicPlans()).find((p) => p.id === plan.id)).toMatchObject({ price: 77.5 });
    const made = await bed.api.get(`/v1/invoice/read/${invoice.body.payload.invoice_id}`, as('cat'));
    expect(made.body.payload.invoice).toMatchObject({ plan_price: plan.price, plan_name: plan.name });
  });

  it("adds the files' new codes at a restart but never puts a file's value over an operator's edit", async () => {
    const plan = (await publicPlans()).find((p) => p.type === 'PR_2')!;
    const edit = await bed.api.put(
      `/v1/admin/plans/${plan.id}`,
      { price: 3.21, reason: 'Cheaper ISP' },
      as('olga'),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const slug = edit.body.payload.slug as string;

    // A later release: its files change that plan's price and bring a new plan and a new FAQ.
    const files = await readCatalogue();
    const shipped = files.plans.find((p) => p.slug === slug)!;
    files.plans = [
      ...files.plans.map((p) => (p.slug === slug ? { ...p, price: 99, name: 'From the file' } : p)),
      { ...shipped, slug: 'isp-new-release', name: 'ISP new release', price: 4.44 },
    ];
    files.faqs = [...files.faqs, { slug: 'new-release-faq', question: 'New?', answer: 'Yes.' }];
    await loadCatalogue(bed.t.database.db, files);

    const plans = await publicPlans();
    expect(plans.find((p) => p.id === plan.id)).toMatchObject({ price: 3.21, name: plan.name });
    expect(plans.find((p) => p.name === 'ISP new release')).toMatchObject({ price: 4.44, type: 'PR_2' });
    expect(((await bed.api.get('/v1/faq/read')).body.payload as { question: string }[]).at(-1)).toMatchObject(
      { question: 'New?' },
    );
    // Loading the same files again adds nothing twice.
    await loadCatalogue(bed.t.database.db, files);
    expect((await publicPlans()).filter((p) => p.name === 'ISP new release')).toHaveLength(1);
    await bed.api.post(
      `/v1/admin/plans/${plans.find((p) => p.name === 'ISP new release')!.id}/retire`,
      { reason: 'Test plan' },
      as('olga'),
    );
  });

  it('creates a plan and retires it: no longer sold, still on the invoice that bought it', async () => {
    const created = await bed.api.post(
      '/v1/admin/plans',
      {
        type: 'PR_4',
        name: 'Datacenter 3 IPs',
        price: 9.99,
        duration: 720,
        ip_amount: 3,
        data_gb: null,
        add_gb_price: null,
        reason: 'Small plan',
      },
      as('olga'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.id as number;
    expect((await lastAudit())?.action).toBe('plan.create');
    expect((await publicPlans()).map((p) => p.id)).toContain(id);
    const bought = await bed.api.post(
      '/v1/invoice/create',
      { plan: id, payment_method: 'sandbox' },
      as('cat'),
    );
    expect(bought.status).toBe(200);

    const retired = await bed.api.post(`/v1/admin/plans/${id}/retire`, { reason: 'Sold out' }, as('olga'));
    expect(retired.body.payload.active).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'plan.retire',
      before: expect.objectContaining({ isActive: true }),
    });
    expect((await publicPlans()).map((p) => p.id)).not.toContain(id);
    const again = await bed.api.post(
      '/v1/invoice/create',
      { plan: id, payment_method: 'sandbox' },
      as('cat'),
    );
    expect(again.status).toBe(400);
    const old = await bed.api.get(`/v1/invoice/read/${bought.body.payload.invoice_id}`, as('cat'));
    expect(old.body.payload.invoice).toMatchObject({ plan_name: 'Datacenter 3 IPs', plan_price: 9.99 });
    await restartAndCliCall();
    expect((await publicPlans()).map((p) => p.id)).not.toContain(id);

    expect(await bed.api.put('/v1/admin/plans/999999', { price: 1, reason: 'none' }, as('olga'))).toEqual({
      status: 404,
      body: { detail: 'No such plan' },
    });
    expect((await bed.api.put(`/v1/admin/plans/${id}`, { reason: 'nothing' }, as('olga'))).status).toBe(400);
    const noReason = await bed.api.put(`/v1/admin/plans/${id}`, { price: 1 }, as('olga'));
    expect([noReason.status, noReason.body.detail]).toEqual([400, expect.stringMatching(/reason/i)]);
  });

  it('sets the custom day prices, payment methods, announcement, links and maintenance, each audited', async () => {
    const prices = Array.from({ length: 30 }, (_, i) => 5 - i * 0.05);
    expect(
      (await bed.api.put('/v1/admin/day-prices/PR_5', { prices, reason: 'Cheaper' }, as('olga'))).status,
    ).toBe(200);
    const tables = (await bed.api.get('/v1/plan/custom-prices')).body.payload as {
      type: string;
      prices: number[];
    }[];
    expect(tables.find((t) => t.type === 'PR_5')?.prices[1]).toBe(4.95);
    expect(await lastAudit()).toMatchObject({ action: 'day-prices.set', targetId: 'PR_5' });
    expect(
      (await bed.api.put('/v1/admin/day-prices/PR_5', { prices: [1], reason: 'x'.repeat(3) }, as('olga')))
        .status,
    ).toBe(400);

    const methods = await bed.api.put(
      '/v1/admin/payment-methods',
      {
        methods: [
          { code: 'stripe', active: false },
          { code: 'sandbox', active: true },
        ],
        reason: 'Card outage',
      },
      as('olga'),
    );
    expect(methods.status, JSON.stringify(methods.body)).toBe(200);
    const offered = (await bed.api.get('/v1/payment_method/read')).body.payload as { code: string }[];
    expect(offered[0]?.code).toBe('sandbox');
    expect(offered.map((m) => m.code)).not.toContain('stripe');
    expect(await lastAudit()).toMatchObject({
      action: 'payment-methods.set',
      before: expect.arrayContaining([{ code: 'stripe', active: true }]),
      after: expect.arrayContaining([{ code: 'stripe', active: false }]),
    });

    await bed.api.put(
      '/v1/admin/announcement',
      { title: 'Sale today', status: true, reason: 'Sale' },
      as('olga'),
    );
    expect((await bed.api.get('/v1/announcement/read')).body.payload[0]).toMatchObject({
      title: 'Sale today',
    });
    await bed.api.put(
      '/v1/admin/social-links',
      { links: [{ name: 'Telegram', url: 'https://t.me/shop' }], reason: 'New channel' },
      as('olga'),
    );
    expect((await bed.api.get('/v1/social_media/read')).body.payload).toEqual([
      expect.objectContaining({ name: 'Telegram', url: 'https://t.me/shop' }),
    ]);
    await bed.api.put('/v1/admin/maintenance', { status: true, reason: 'Upgrade' }, as('olga'));
    expect((await bed.api.get('/v1/maintenance/read')).body.payload[0].status).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'maintenance.set',
      before: { status: false },
      after: { status: true },
    });

    await restartAndCliCall();
    expect((await bed.api.get('/v1/maintenance/read')).body.payload[0].status).toBe(true);
    // The links the operator removed (the files' Discord and the rest) do not come back.
    expect((await bed.api.get('/v1/social_media/read')).body.payload).toEqual([
      expect.objectContaining({ name: 'Telegram', url: 'https://t.me/shop' }),
    ]);
    expect((await bed.api.get('/v1/announcement/read')).body.payload[0].title).toBe('Sale today');
    expect(((await bed.api.get('/v1/payment_method/read')).body.payload as { code: string }[])[0]?.code).toBe(
      'sandbox',
    );
    await bed.api.put('/v1/admin/maintenance', { status: false, reason: 'Done' }, as('olga'));
  });

  it('edits the FAQ: add, change, order, remove', async () => {
    const before = (await bed.api.get('/v1/faq/read')).body.payload as { id: number; question: string }[];
    await bed.api.post(
      '/v1/admin/faqs',
      { question: 'Refunds?', answer: 'Within 24 h.', reason: 'Asked often' },
      as('olga'),
    );
    const added = ((await bed.api.get('/v1/faq/read')).body.payload as { id: number; question: string }[]).at(
      -1,
    )!;
    expect(added.question).toBe('Refunds?');
    await bed.api.put(
      `/v1/admin/faqs/${added.id}`,
      { question: 'Refunds?', answer: 'Within 48 h.', reason: 'Policy' },
      as('olga'),
    );
    const order = [added.id, ...before.map((f) => f.id)];
    expect(
      (await bed.api.put('/v1/admin/faqs', { ids: order, reason: 'Most asked first' }, as('olga'))).status,
    ).toBe(200);
    const now = (await bed.api.get('/v1/faq/read')).body.payload as { id: number; answer: string }[];
    expect(now[0]).toMatchObject({ id: added.id, answer: 'Within 48 h.' });
    expect(
      (await bed.api.put('/v1/admin/faqs', { ids: [added.id], reason: 'partial' }, as('olga'))).status,
    ).toBe(400);
    const removed = await bed.api.delete(`/v1/admin/faqs/${added.id}`, {
      ...as('olga'),
      body: { reason: 'Outdated' },
    });
    expect(removed.status).toBe(200);
    expect(((await bed.api.get('/v1/faq/read')).body.payload as { id: number }[]).map((f) => f.id)).toEqual(
      before.map((f) => f.id),
    );
    const trail = await bed.t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetType, 'faq'))
      .orderBy(schema.auditLog.id);
    expect(trail.map((row) => row.action)).toEqual(['faq.create', 'faq.edit', 'faq.order', 'faq.delete']);

    // A question the files ship, removed in the console, stays removed over a restart and a CLI call.
    const shipped = before[0]!;
    await bed.api.delete(`/v1/admin/faqs/${shipped.id}`, { ...as('olga'), body: { reason: 'Not asked' } });
    await restartAndCliCall();
    const after = (
      (await bed.api.get('/v1/faq/read')).body.payload as { id: number; question: string }[]
    ).map((f) => f.question);
    expect(after).not.toContain(shipped.question);
    expect(after).toHaveLength(before.length - 1);
  });

  it('takes only https: and mailto: social links, and never serves another kind (issue #28 item 10)', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://t.me/shop',
      'vbscript:msgbox(1)',
    ]) {
      const refused = await bed.api.put(
        '/v1/admin/social-links',
        { links: [{ name: 'Evil', url }], reason: 'Try' },
        as('olga'),
      );
      expect(refused.status, url).toBe(400);
      expect(refused.body.detail, url).toMatch(/https:\/\/ or mailto:/);
    }
    const kept = await bed.api.put(
      '/v1/admin/social-links',
      {
        links: [
          { name: 'Telegram', url: 'https://t.me/shop' },
          { name: 'Mail', url: 'mailto:help@example.com' },
        ],
        reason: 'Channels',
      },
      as('olga'),
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // A link stored before this rule (or written straight into the table) is never served.
    await bed.t.database.db
      .insert(schema.socialLinks)
      .values({ name: 'Old', url: 'javascript:alert(1)', sortOrder: 99 });
    const served = (await bed.api.get('/v1/social_media/read')).body.payload as { url: string }[];
    expect(served.map((link) => link.url)).toEqual(['https://t.me/shop', 'mailto:help@example.com']);
    await bed.t.database.db.delete(schema.socialLinks).where(eq(schema.socialLinks.name, 'Old'));
  });

  it('switches premium locations off and on for the generator', async () => {
    const off = await bed.api.put(
      '/v1/admin/locations',
      { country: 'de', active: false, reason: 'No supply' },
      as('olga'),
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const locations = (await bed.api.get('/v1/admin/locations', as('olga'))).body.payload as {
      code: string;
      active: boolean;
    }[];
    expect(locations.find((l) => l.code === 'de')?.active).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'location.set',
      targetId: 'de',
      before: { active: true },
    });
    await restartAndCliCall();
    const again = (await bed.api.get('/v1/admin/locations', as('olga'))).body.payload as {
      code: string;
      active: boolean;
    }[];
    expect(again.find((l) => l.code === 'de')?.active).toBe(false);
    expect(
      (await bed.api.put('/v1/admin/locations', { country: 'zz', active: false, reason: 'None' }, as('olga')))
        .status,
    ).toBe(404);
  });
});

describe('promo codes in the console', () => {
  /** Creates a promo code as the console does: percent off, with no limits, once per customer, unless `terms` say. */
  const createCoupon = (terms: Record<string, unknown>) =>
    bed.api.post(
      '/v1/admin/coupons',
      {
        kind: 'percent',
        valid_from: null,
        valid_until: null,
        max_uses: null,
        once_per_customer: true,
        products: null,
        active: true,
        ...terms,
      },
      as('olga'),
    );

  it('creates a coupon a customer uses, limited to its products, counts its uses and revenue, and disables it', async () => {
    const created = await createCoupon({
      code: 'AUTUMN20',
      value: 20,
      valid_until: new Date(Date.now() + 86_400_000).toISOString(),
      max_uses: 5,
      products: ['PR_4'],
      reason: 'Autumn campaign',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payload).toMatchObject({ code: 'AUTUMN20', uses: 0, revenue: 0, products: ['PR_4'] });
    expect((await lastAudit())?.action).toBe('coupon.create');
    const taken = await bed.api.post(
      '/v1/admin/coupons',
      { ...created.body.payload, code: 'autumn20', reason: 'again' },
      as('olga'),
    );
    expect(taken).toEqual({ status: 409, body: { detail: 'A promo code autumn20 exists already' } });

    const plans = await publicPlans();
    const residential = plans.find((p) => p.type === 'PR_3')!;
    const refused = await bed.api.post(
      '/v1/invoice/create',
      { plan: residential.id, payment_method: 'sandbox', coupon: 'AUTUMN20' },
      as('cat'),
    );
    expect(refused.body).toEqual({ detail: 'This promo code does not apply to this product' });
    const datacenter = plans.find((p) => p.type === 'PR_4')!;
    const used = await bed.api.post(
      '/v1/invoice/create',
      { plan: datacenter.id, payment_method: 'sandbox', coupon: 'autumn20' },
      as('cat'),
    );
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    await pressPay(bed.t.app, used.body.payload.hosted_url as string);
    const listed = (await bed.api.get('/v1/admin/catalogue', as('sue'))).body.payload.coupons as {
      code: string;
      uses: number;
      revenue: number;
    }[];
    expect(listed.find((c) => c.code === 'AUTUMN20')).toMatchObject({
      uses: 1,
      revenue: Math.round(datacenter.price * 80) / 100,
    });

    const disabled = await bed.api.put(
      `/v1/admin/coupons/${created.body.payload.id}`,
      { active: false, reason: 'Campaign over' },
      as('olga'),
    );
    expect(disabled.body.payload.active).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'coupon.disable',
      after: expect.objectContaining({ isActive: false }),
    });
    const gone = await bed.api.get('/v1/coupon/check?code=AUTUMN20', as('cat'));
    expect(gone.body).toEqual({ detail: 'Unknown promo code' });
  });

  it('lets a coupon that is not once per customer be used twice by one customer', async () => {
    await createCoupon({
      code: 'LOYAL5',
      kind: 'fixed',
      value: 5,
      once_per_customer: false,
      reason: 'Loyalty',
    });
    const plan = (await publicPlans()).find((p) => p.type === 'PR_4')!;
    for (let round = 0; round < 2; round += 1) {
      const invoice = await bed.api.post(
        '/v1/invoice/create',
        { plan: plan.id, payment_method: 'sandbox', coupon: 'LOYAL5' },
        as('cat'),
      );
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    }
    const bad = await createCoupon({ code: 'HALF', value: 150, reason: 'bad' });
    expect(bad).toEqual({ status: 400, body: { detail: 'A percent off is a whole number 1 to 100' } });
  });
});
