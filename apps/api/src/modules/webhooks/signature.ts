import { createHmac } from 'node:crypto';

/**
 * Every webhook delivery is signed as Stripe signs its own (`Stripe-Signature`): `t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256, keyed with the endpoint's secret, over `<t>.<raw body>`. A receiver recomputes it,
 * compares in constant time and refuses a `t` more than a few minutes old (replays). docs/api.md shows how.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'ProxyDesk-Signature';

export const signWebhook = (secret: string, body: string, timestamp: number): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
