import { expect, test, type Page } from '@playwright/test';
import { CHUNK_GROUP_NAMES } from '../apps/web/build/chunk-groups.js';
import { expectHydrated } from './support/hydrated.js';

/**
 * Issue #33 item 8, black-box: the scripts a real Chromium fetches of a signed-out page until the network is
 * idle, as sent in gzip (the browser says it accepts nothing better), against ADR 003's 130 KiB.
 */
const BUDGET_KIB = 130;
/** Network idle as Playwright and Lighthouse define it: nothing in flight for half a second. */
const QUIET_MS = 500;

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

interface Fetched {
  path: string;
  encoding: string | undefined;
  bytes: number;
}

/** Every script the page fetches from its address until it is hydrated and the network has been quiet. */
const scriptsUntilIdle = async (page: Page, path: string): Promise<Fetched[]> => {
  const scripts: Promise<Fetched>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', (request) => {
    done();
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        path: new URL(request.url()).pathname,
        encoding: (await request.response())?.headers()['content-encoding'],
        bytes: (await request.sizes()).responseBodySize,
      }))(),
    );
  });
  await page.goto(path);
  // The page's modules start after its first paint (ADR 012): idle counts from a live page.
  await expectHydrated(page.locator('#root > *').first());
  await expect
    .poll(() => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS, { intervals: [100] })
    .toBe(true);
  return Promise.all(scripts);
};

const report = (path: string, fetched: Fetched[]) => {
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0) / 1024;
  const lines = fetched.map((f) => `  ${(f.bytes / 1024).toFixed(1).padStart(6)} ${f.path}`);
  console.log(`${path}: ${fetched.length} scripts, ${total.toFixed(1)} KiB gzip\n${lines.join('\n')}`);
  for (const f of fetched) expect(f.encoding, `${f.path} is sent compressed`).toBe('gzip');
  return total;
};

/** A built file's chunk name: `/assets/sign-in-Cnl6ej7O.js` → `sign-in`. */
const chunkName = (path: string) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(path)?.[1] ?? path;

for (const [path, screen] of [
  ['/login', 'sign-in'],
  ['/signup', 'sign-up'],
] as const) {
  test(`${path}: the scripts fetched before the network is idle weigh at most ${BUDGET_KIB} KiB gzip, in the build's chunk groups`, async ({
    page,
  }) => {
    const fetched = await scriptsUntilIdle(page, path);
    const total = report(path, fetched);
    expect(total).toBeLessThanOrEqual(BUDGET_KIB);
    // Each file is compressed alone (ADR 003): a module of the first load that no group of
    // apps/web/build/chunk-groups.ts takes in makes a file of its own, named after the module. Add it to a group.
    const ours = new Set([...CHUNK_GROUP_NAMES, 'index', 'rolldown-runtime', screen, '/start.js']);
    expect(fetched.map((f) => chunkName(f.path)).filter((name) => !ours.has(name))).toEqual([]);
  });
}

test(`/pricing: the scripts fetched before the network is idle weigh at most ${BUDGET_KIB} KiB gzip, and the sign-in form pays nothing for it`, async ({
  page,
}) => {
  const fetched = await scriptsUntilIdle(page, '/pricing');
  expect(report('/pricing', fetched)).toBeLessThanOrEqual(BUDGET_KIB);
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  // Nothing of the forms' schemas or the captcha: those come with a form being used.
  expect(fetched.map((f) => f.path).filter((p) => /login-call|signup-call|captcha/.test(p))).toEqual([]);
});
