import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '@proxydesk/db';
import { webDistDir } from '../src/plugins/web.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { mintSession, seedAccount } from '../../../test-support/contract.js';

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
      expect(res.body).toMatch(/<title>([^<]* · )?Acme &lt;Proxies&gt;<\/title>/);
      expect(res.body).not.toContain('__BRAND');
    }
  });

  it('sends the page the build rendered for the visitor, with what the server knows as boot data', async () => {
    const page = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    const boot = (html: string) =>
      JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)![1]!) as {
        maintenance: boolean;
        authConfig: { google: unknown };
      };

    const signIn = await page('/login');
    expect(signIn).toContain('data-prerendered');
    expect(signIn).toContain('data-testid="sign-in-page"');
    expect(signIn).toContain('<title>Sign in · Acme &lt;Proxies&gt;</title>');
    // The mark's letter, escaped like the name.
    expect(signIn).toMatch(/>A<\/p>/);
    expect(boot(signIn)).toMatchObject({ maintenance: false, authConfig: { google: null } });
    expect(await page('/signup')).toContain('data-testid="sign-up-page"');
    // A session: the loading shell until the browser has checked it.
    const shell = await page('/', 'theme=1; token=abc');
    expect(shell).toContain('data-testid="loading-screen"');
    expect(shell).not.toContain('sign-in-page');
    // A query string may prefill the form, an unknown address is the app's: the client draws them.
    for (const url of ['/signup?ref=friend', '/product/isp']) {
      const html = await page(url);
      expect(html).not.toContain('data-prerendered');
      expect(boot(html).maintenance).toBe(false);
    }

    await setMaintenance(t.database.db, true);
    try {
      const maintenance = await page('/login');
      expect(maintenance).toContain('data-testid="maintenance-page"');
      expect(boot(maintenance).maintenance).toBe(true);
      const underPrefix = await page('/4/login');
      expect(underPrefix).not.toContain('data-prerendered');
      expect(boot(underPrefix).maintenance).toBe(true);
    } finally {
      await setMaintenance(t.database.db, false);
    }
  });

  it('sends /pricing to a visitor drawn at build time, with a description and a canonical address (issue #33)', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/pricing' })).body;
    expect(html).toContain('data-testid="public-pricing-page"');
    expect(html).toContain('<title>Pricing · Acme &lt;Proxies&gt;</title>');
    expect(html).toMatch(/<meta name="description" content="Acme &lt;Proxies&gt; prices in euro: [^"]+">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/pricing">/);
    expect(html).not.toContain('__PUBLIC_URL__');
    const signIn = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(signIn).toMatch(/<link rel="canonical" href="http:\/\/[^"/]+\/">/);
  });

  it('lists the public pages for search engines and keeps them out of the API', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /v1/');
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots.body)![1]!;
    expect(new URL(sitemapUrl).pathname).toBe('/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toEqual(['/', '/pricing', '/signup', '/faqs']);
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

describe("a signed-in page brings its first screen's answers (issue #18)", () => {
  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie, 'accept-encoding': 'br' } : {} });
  const bootOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)![1]!) as {
      answers?: Record<string, { payload: Record<string, unknown> }>;
    };
  const read = async (url: string, cookie?: string) => {
    const res = await page(url, cookie);
    const html =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
    return { res, html, boot: bootOf(html) };
  };
  const get = async (url: string, token: string) =>
    (
      await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    ).json<unknown>();

  it("writes the session's own answers into the dashboard's page, as the API gives them, for it alone", async () => {
    const ada = await seedAccount(t.database.db, 'ada-first');
    const bob = await seedAccount(t.database.db, 'bob-first');
    const adaToken = await mintSession(t.database.db, ada);
    const bobToken = await mintSession(t.database.db, bob);

    const { res, html, boot } = await read('/', `theme=1; token=${adaToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('Cookie');
    expect(html).toContain('data-prerendered="shell"');
    const paths = ['/v1/auth/access', '/v1/announcement/read', '/v1/social_media/read'];
    const dashboard = ['/v1/user/dashboard-stats', '/v1/user/plans'];
    expect(Object.keys(boot.answers ?? {}).sort()).toEqual([...paths, ...dashboard].sort());
    for (const url of [...paths, ...dashboard]) expect(boot.answers![url]).toEqual(await get(url, adaToken));
    expect(boot.answers!['/v1/user/dashboard-stats']!.payload.username).toBe('ada-first');
    // Nothing of another customer's, and nothing of Ada's in Bob's page.
    expect(html).not.toContain('bob-first');
    const bobs = await read('/', `token=${bobToken}`);
    expect(bobs.boot.answers!['/v1/user/dashboard-stats']!.payload.username).toBe('bob-first');
    expect(bobs.html).not.toContain('ada-first');

    // Another screen brings its own first answers; the maintenance prefix is the same screen.
    const product = await read('/product/isp', `token=${adaToken}`);
    expect(Object.keys(product.boot.answers ?? {})).toEqual([...paths, '/v1/user/dashboard']);
    const underPrefix = await read('/4/invoices', `token=${adaToken}`);
    expect(Object.keys(underPrefix.boot.answers ?? {})).toEqual(paths);
  });

  it('writes nothing for a session that is not valid, and the shared shell stays cacheable', async () => {
    const { res, html, boot } = await read('/', 'token=not-a-session');
    expect(html).toContain('data-testid="loading-screen"');
    expect(boot.answers).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("keeps the shop's words from closing the script that carries them", async () => {
    const user = await seedAccount(t.database.db, 'eve-first');
    const token = await mintSession(t.database.db, user);
    await t.database.db.execute(
      `update announcements set title = '</script><script>alert(1)</script>', status = true`,
    );
    try {
      const { html, boot } = await read('/', `token=${token}`);
      const json = /<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)![1]!;
      expect(json).not.toContain('<');
      const announcements = boot.answers!['/v1/announcement/read']!.payload as unknown as { title: string }[];
      expect(announcements[0]!.title).toBe('</script><script>alert(1)</script>');
    } finally {
      await t.database.db.execute(`update announcements set status = false`);
    }
  });
});

describe('compression (issue #18 §1)', () => {
  /** The largest built script: what a browser downloads first. */
  const largestScript = () => {
    const assets = join(webDistDir, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length, 'the dashboard is built (npm run build)').toBeGreaterThan(0);
    return scripts
      .map((name) => ({ name, size: statSync(join(assets, name)).size }))
      .sort((a, b) => b.size - a.size)[0]!;
  };

  it('sends a built asset precompressed with the best encoding the browser accepts, cached for good', async () => {
    const { name, size } = largestScript();
    const original = readFileSync(join(webDistDir, 'assets', name));
    const url = `/assets/${name}`;
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(size / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("sends a page, shared or one session's, in the encoding the browser accepts, the same HTML in each", async () => {
    const token = await mintSession(t.database.db, await seedAccount(t.database.db, 'eve-encodings'));
    for (const cookie of [undefined, `token=${token}`]) {
      const get = (encoding?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/',
          headers: { ...(cookie ? { cookie } : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      const html = plain.body;
      expect(html).toContain('data-prerendered');
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
      const br = await get('br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    }
  });

  it('compresses JSON answers over 1 KiB and leaves small ones as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const plans = await t.app.inject({ method: 'GET', url: '/v1/plan/read', headers });
    expect(plans.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(plans.rawPayload);
    expect(decoded.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded.toString('utf8'))).toHaveProperty('payload');

    const maintenance = await t.app.inject({ method: 'GET', url: '/v1/maintenance/read', headers });
    expect(maintenance.rawPayload.length).toBeLessThan(1024);
    expect(maintenance.headers['content-encoding']).toBeUndefined();
    expect(maintenance.json()).toHaveProperty('payload');
  });

  it('sends the app page uncached, compressed for a browser that accepts it', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/product/isp',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Acme &lt;Proxies&gt;</title>');
    const refusesBrotli = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refusesBrotli.headers['content-encoding']).toBe('gzip');
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(
      gunzipSync(refusesBrotli.rawPayload).toString(),
    );
  });
});
