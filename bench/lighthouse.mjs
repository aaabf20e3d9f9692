import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buyingCustomer, startBenchApp } from './app.mjs';
import { row } from './measure.mjs';

/** Debian's Chromium, as the browser tests run it (no sandbox as root in a container). */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * Issue #18's goals: sign-in ≥ 95 with LCP ≤ 2.0 s and TBT ≤ 150 ms; the dashboard ≥ 90. Issue #33: the public
 * /pricing ≥ 95 too.
 */
const GOALS = {
  'sign-in': { score: 95, lcp: 2000, tbt: 150 },
  pricing: { score: 95, lcp: Infinity, tbt: Infinity },
  dashboard: { score: 90, lcp: Infinity, tbt: Infinity },
  // Reported, not judged: the paint of the sign-in page's HTML and CSS alone.
  floor: { score: 0, lcp: Infinity, tbt: Infinity },
};

/**
 * Runs of each page: Lighthouse's simulation scales the tasks it saw by four, so one run on a 2-core machine
 * moves with whatever else runs; each figure's median of five is what the goals are judged on (`LIGHTHOUSE_RUNS`).
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** Lighthouse's performance category, mobile with its default simulated throttling (null: the run failed). */
const audit = async (browser, url, cookie) => {
  const page = await browser.newPage();
  try {
    if (cookie) await page.setCookie(cookie);
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError || categories.performance.score === null) return null;
    return {
      score: Math.round(categories.performance.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
    };
  } finally {
    await page.close();
  }
};

/**
 * The floor under the sign-in page's paint: the same page as the server sends it, its stylesheets and the
 * theme script, without the app's modules. What Lighthouse finds for it, no script of ours can beat.
 */
const FLOOR_PATH = '/lighthouse-floor';
const withoutModules = (html) =>
  html
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // A logged-out page's modules, which public/start.js starts after the first paint.
    .replace(/ data-modules="[^"]*"/g, '');

/** Lighthouse on the sign-in page, the public /pricing and a buying customer's dashboard, against the built app on PGlite. */
export const reportLighthouse = async () => {
  const shop = await startBenchApp({
    env: { CAPTCHA_PROVIDER: 'off' },
    extend: (app) =>
      app.get(FLOOR_PATH, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(withoutModules((await app.inject({ url: '/' })).body)),
      ),
  });
  const customer = await buyingCustomer(shop, 'lighthouse', ['PR_2', 'PR_4']);
  const token = customer.headers.authorization.slice('Bearer '.length);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  let met = true;
  try {
    console.log('\nLighthouse mobile (simulated throttling, Debian Chromium), performance:');
    const pages = [
      ['floor', `${shop.url}${FLOOR_PATH}`, undefined],
      ['sign-in', `${shop.url}/`, undefined],
      ['pricing', `${shop.url}/pricing`, undefined],
      ['dashboard', `${shop.url}/`, { name: 'token', value: token, url: shop.url }],
    ];
    // A first run warms the browser up (a fresh one's first trace may come without a navigation start).
    await audit(browser, pages[0][1], undefined);
    for (const [name, url, cookie] of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(browser, url, cookie));
      const done = runs.filter(Boolean);
      // Each figure's median over the runs.
      const median = (key) => done.map((x) => x[key]).sort((a, b) => a - b)[Math.floor(done.length / 2)];
      const r = done.length
        ? Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls'].map((key) => [key, median(key)]))
        : undefined;
      if (!r) {
        met = false;
        row(`GOAL ${name}`, 'no run', 'Lighthouse failed every run UNDER');
        continue;
      }
      const goal = GOALS[name];
      const ok = r.score >= goal.score && r.lcp <= goal.lcp && r.tbt <= goal.tbt;
      met &&= ok;
      row(
        `GOAL ${name}`,
        `score ${r.score}`,
        `medians of ${done.length} (scores ${done.map((x) => x.score).join(', ')}): FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)} ${ok ? 'OK' : 'UNDER'}`,
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await shop.close();
  }
  return met;
};
