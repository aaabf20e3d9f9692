import { catalogueEndpoints, PRODUCT_CODES } from '@proxydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

describe('public catalogue reads (SPEC.md §7)', () => {
  it('GET /v1/plan/read lists plans of every product with the fields of SPEC.md §3', async () => {
    const { status, body } = await get('/v1/plan/read');
    expect(status).toBe(200);
    const { payload } = catalogueEndpoints.plans.response.parse(body);
    expect(new Set(payload.map((p) => p.type))).toEqual(new Set(PRODUCT_CODES));
    for (const plan of payload) {
      expect(Object.keys(plan).sort()).toEqual([
        'add_gb_price',
        'data',
        'duration',
        'id',
        'ipAmount',
        'name',
        'price',
        'type',
      ]);
    }
    const ipPlans = payload.filter((p) => p.type === 'PR_4' || p.type === 'PR_5');
    expect(ipPlans.length).toBeGreaterThan(0);
    for (const plan of ipPlans) expect(plan.ipAmount).toBeGreaterThan(0);
    const durations = new Set(payload.map((p) => p.duration));
    for (const hours of [24, 168, 720]) expect(durations).toContain(hours);
  });

  it('lets browsers and shared caches keep the public price reads a minute, without a session (issue #33)', async () => {
    for (const url of ['/v1/plan/read', '/v1/plan/custom-prices']) {
      const { status, headers } = await get(url);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('public, max-age=60');
    }
    // Not every read: the maintenance switch is answered fresh.
    expect((await get('/v1/maintenance/read')).headers['cache-control']).toBeUndefined();
  });

  it('orders the normal (PR_3) plans so the first is the fixed unlimited plan, then day, week, month minimums', async () => {
    const { body } = await get('/v1/plan/read');
    const normal = catalogueEndpoints.plans.response
      .parse(body)
      .payload.filter((p) => p.type === 'PR_3')
      .sort((a, b) => a.price - b.price);
    expect(normal.map((p) => p.data)).toEqual([50, 50, 100, 150]);
    expect(normal[0]?.add_gb_price).toBeNull();
    for (const plan of normal.slice(1)) expect(plan.add_gb_price).toBeGreaterThan(0);
  });

  it('GET /v1/payment_method/read lists the usable gateways with id, name and code: with no provider keys, sandbox and balance', async () => {
    const { status, body } = await get('/v1/payment_method/read');
    expect(status).toBe(200);
    const codes = catalogueEndpoints.paymentMethods.response.parse(body).payload.map((m) => m.code);
    expect(codes).toEqual(['sandbox', 'balance']);
  });

  it('GET /v1/faq/read lists questions and answers', async () => {
    const { body } = await get('/v1/faq/read');
    const faqs = catalogueEndpoints.faqs.response.parse(body).payload;
    expect(faqs.length).toBeGreaterThanOrEqual(5);
    for (const faq of faqs) expect(faq.question.length * faq.answer.length).toBeGreaterThan(0);
  });

  it('GET /v1/announcement/read, /v1/social_media/read and /v1/maintenance/read answer their lists', async () => {
    const announcements = catalogueEndpoints.announcements.response.parse(
      (await get('/v1/announcement/read')).body,
    );
    expect(announcements.payload[0]?.status).toBe(true);
    const social = catalogueEndpoints.socialMedia.response.parse((await get('/v1/social_media/read')).body);
    expect(social.payload.find((s) => s.name === 'Discord')?.url).toMatch(/^https:\/\//);
    const maintenance = catalogueEndpoints.maintenance.response.parse(
      (await get('/v1/maintenance/read')).body,
    );
    expect(maintenance.payload).toHaveLength(1);
    expect(maintenance.payload[0]?.status).toBe(false);
  });

  it('answers GET /healthz with the database in use', async () => {
    const { status, body } = await get('/healthz');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('publishes OpenAPI generated from the contract at /docs', async () => {
    const spec = await get('/docs/json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/v1/plan/read', '/v1/maintenance/read']),
    );
    const plan = spec.body.components?.schemas?.Plan;
    expect(plan?.properties).toHaveProperty('add_gb_price');
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
