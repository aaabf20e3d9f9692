import { createHmac, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { buyingCustomer, startBenchApp } from './app.mjs';
import { interleaved, median, requestsPerSecond, row } from './measure.mjs';

const SANDBOX_SECRET = 'bench-sandbox-secret-0123456789';

/** POST throughput of `url` with a body made fresh for every request. */
const postsPerSecond = async (url, makeRequest, { seconds = 3, connections = 16 } = {}) => {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...makeRequest() }) }],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed answers during the benchmark`);
  return result.requests.average;
};

/**
 * Issues #4 and #5: invoice creation and webhook processing, proxy generation and the product dashboard,
 * each beside a bare Fastify route in the same run.
 */
export const reportShop = async ({ label, databaseUrl }) => {
  const shop = await startBenchApp({
    databaseUrl,
    env: { CAPTCHA_PROVIDER: 'off', SANDBOX_PAYMENTS: 'true', SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET },
  });
  const { database, url: appUrl } = shop;
  const bare = Fastify({ logger: false });
  try {
    const { headers: auth, call } = await buyingCustomer(
      shop,
      `shop_${Math.random().toString(36).slice(2, 8)}`,
      ['PR_2'],
    );

    const created = { invoice_id: '', hosted_url: '' };
    bare.post('/echo', async () => created);
    bare.get('/json', async () => ({ ok: true }));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    // The product dashboard of a customer with an ISP plan (before the runs below give them thousands).
    const dashboard = await interleaved(
      3,
      () =>
        requestsPerSecond(`${appUrl}/v1/user/dashboard`, {
          seconds: 3,
          headers: { authorization: auth.authorization },
        }),
      () => requestsPerSecond(`${bareUrl}/json`, { seconds: 3 }),
    );

    // Invoice creation (priced from the catalogue, sandbox checkout) and signed webhooks for fresh invoices.
    const isp = (await call('GET', '/v1/plan/read')).json().payload.find((p) => p.type === 'PR_2');
    const invoiceBody = JSON.stringify({ payment_method: 'sandbox', plan: isp.id });
    const invoices = await interleaved(
      3,
      () =>
        postsPerSecond(`${appUrl}/v1/invoice/create`, () => ({ headers: { ...auth }, body: invoiceBody })),
      () =>
        postsPerSecond(`${bareUrl}/echo`, () => ({
          headers: { 'content-type': 'application/json' },
          body: invoiceBody,
        })),
    );
    const ids = (await database.db.execute(`select id from invoices where paid = false limit 5000`)).rows.map(
      (r) => r.id,
    );
    let next = 0;
    const webhook = () => {
      const body = JSON.stringify({
        id: `evt-${randomUUID()}`,
        type: 'payment.succeeded',
        invoice_id: ids[next++ % ids.length],
        // The shop checks the amount against the invoice (ADR 005): at least any price it sells.
        amount_cents: 1_000_000,
        currency: 'EUR',
      });
      const t = Math.floor(Date.now() / 1000);
      const signature = `t=${t},v1=${createHmac('sha256', SANDBOX_SECRET).update(`${t}.${body}`).digest('hex')}`;
      return { headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, body };
    };
    const webhooks = await interleaved(
      3,
      () => postsPerSecond(`${appUrl}/v1/webhooks/sandbox`, webhook),
      () =>
        postsPerSecond(`${bareUrl}/echo`, () => ({
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })),
    );

    // 10,000 sticky lines: server time of one request, median of 9.
    const generate = {
      proxy_type: 'premium',
      type: 'sticky',
      amount: 10_000,
      country: 'us',
      product: 'PR_2',
    };
    const lineMs = [];
    for (let i = 0; i < 9; i += 1) {
      const started = performance.now();
      const answer = await call('POST', '/v1/user/generate-proxy', generate);
      lineMs.push(performance.now() - started);
      if (answer.json().payload?.proxies.length !== 10_000)
        throw new Error(`generation answered ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }

    console.log(`\nBuying and using on ${label} (median of interleaved rounds):`);
    row('bare Fastify route (baseline)', `${invoices.baseline.toFixed(0)} req/s`);
    row(
      'POST /v1/invoice/create',
      `${invoices.subject.toFixed(0)} req/s`,
      `ratio ${invoices.ratio.toFixed(3)} of baseline`,
    );
    row(
      'POST /v1/webhooks/sandbox (provisions)',
      `${webhooks.subject.toFixed(0)} req/s`,
      `ratio ${(webhooks.subject / webhooks.baseline).toFixed(3)} of baseline`,
    );
    row(
      'GET /v1/user/dashboard',
      `${dashboard.subject.toFixed(0)} req/s`,
      `ratio ${dashboard.ratio.toFixed(3)} of baseline`,
    );
    const ms = median(lineMs);
    row(
      'BUDGET 10,000 lines, server time',
      `${ms.toFixed(1)} ms`,
      `${(ms / 50).toFixed(2)} of 50 ms ${ms <= 50 ? 'OK' : 'OVER'}`,
    );
    return ms <= 50;
  } finally {
    await shop.close();
    await bare.close();
  }
};
