import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buyingCustomer, startBenchApp } from './app.mjs';
import { row } from './measure.mjs';

/** Debian's Chromium, as the browser tests run it (no sandbox as root in a container). */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** Issue #18's goals: sign-in ≥ 95 with LCP ≤ 2.0 s and TBT ≤ 150 ms; the dashboard ≥ 90. */
const GOALS = {
  'sign-in': { score: 95, lcp: 2000, tbt: 150 },
  dashboard: { score: 90, lcp: Infinity, tbt: Infinity },
};

/** Lighthouse's performance category, mobile with its default simulated throttling. */
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
    const { categories, audits } = result.lhr;
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

/** Lighthouse on the sign-in page and on a buying customer's dashboard, against the built app on PGlite. */
export const reportLighthouse = async () => {
  const shop = await startBenchApp({ env: { CAPTCHA_PROVIDER: 'off' } });
  const customer = await buyingCustomer(shop, 'lighthouse', ['PR_2', 'PR_4']);
  const token = customer.headers.authorization.slice('Bearer '.length);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  let met = true;
  try {
    console.log('\nLighthouse mobile (simulated throttling, Debian Chromium), performance:');
    const pages = [
      ['sign-in', `${shop.url}/`, undefined],
      ['dashboard', `${shop.url}/`, { name: 'token', value: token, url: shop.url }],
    ];
    for (const [name, url, cookie] of pages) {
      const r = await audit(browser, url, cookie);
      const goal = GOALS[name];
      const ok = r.score >= goal.score && r.lcp <= goal.lcp && r.tbt <= goal.tbt;
      met &&= ok;
      row(
        `GOAL ${name}`,
        `score ${r.score}`,
        `FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)} ${ok ? 'OK' : 'UNDER'}`,
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await shop.close();
  }
  return met;
};
