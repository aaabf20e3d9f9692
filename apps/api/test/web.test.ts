import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BRAND_NAME: 'Acme <Proxies>' } });
});
afterAll(() => t.close());

describe('serving the dashboard', () => {
  it('answers every page address with the app, the brand name filled in and escaped', async () => {
    for (const url of ['/', '/login', '/product/isp', '/4', '/invoice/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Acme &lt;Proxies&gt;</title>');
      expect(res.body).not.toContain('__BRAND_NAME__');
    }
  });

  it('answers a missing file with 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-chunk.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No route GET /assets/missing-chunk.js');
  });

  it('answers a non-GET request to a page address with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('detail');
  });
});
