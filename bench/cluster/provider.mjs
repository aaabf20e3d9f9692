import { createHmac, randomUUID } from 'node:crypto';
import { createBrowser, errorKind } from './http.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed sandbox event, as the sandbox page's Pay button sends it (Stripe's `t=…,v1=…` scheme). */
const paidEvent = (secret, invoiceId) => {
  const body = JSON.stringify({
    id: `sbx_evt_${randomUUID()}`,
    type: 'payment.succeeded',
    invoice_id: invoiceId,
    // The shop checks the amount against the invoice (ADR 005): at least any price it sells.
    amount_cents: 1_000_000,
    currency: 'EUR',
    created: Date.now(),
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  return { body, signature };
};

/**
 * The payment provider's side: once a customer presses Pay, the money is taken, and the provider tells the
 * shop with signed webhooks, retried with backoff until the shop answers 2xx (as Stripe, Paddle and CoinGate
 * do). Every invoice paid here must end paid and provisioned once, whatever the shop went through.
 */
export const createProvider = ({ port, secret, stats }) => {
  const taken = new Set();
  const acknowledged = new Set();
  const deliveries = new Set();
  let deadline = Infinity;
  const browser = createBrowser({ port, localAddress: '127.0.0.1' });

  /** One event for `invoiceId`, sent until the shop acknowledges it or the deadline passes. */
  const deliver = (invoiceId) => {
    const delivery = (async () => {
      for (let attempt = 0; Date.now() < deadline; attempt += 1) {
        const { body, signature } = paidEvent(secret, invoiceId);
        const answer = await browser.request('POST', '/v1/webhooks/sandbox', {
          raw: body,
          headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        });
        if (answer.status >= 200 && answer.status < 300) {
          stats.ok('provider webhook', answer.ms);
          acknowledged.add(invoiceId);
          return;
        }
        stats.failed('provider webhook', errorKind(answer));
        await sleep(Math.min(5000, 250 * 2 ** attempt));
      }
    })();
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };

  return {
    /** The customer pressed Pay: the money is gone from their card. */
    taken: (invoiceId) => taken.add(invoiceId),
    /** The shop said it recorded the payment (its Pay page redirected to the paid invoice). */
    acknowledged: (invoiceId) => acknowledged.add(invoiceId),
    /** The shop did not confirm: the provider's webhook takes over. Also sent again on a duplicate delivery. */
    deliver,
    takenIds: () => [...taken],
    unacknowledged: () => [...taken].filter((id) => !acknowledged.has(id)),
    /** Waits for the deliveries under way, retrying for at most `ms` more. */
    settle: async (ms) => {
      deadline = Date.now() + ms;
      while (deliveries.size > 0) await Promise.race(deliveries);
      browser.close();
    },
  };
};
