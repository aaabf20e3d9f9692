import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test-support/app.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

/** Whether a shop started with `env` lists the sandbox, and what its sandbox webhook answers an unsigned event. */
const sandboxOf = async (env: Record<string, string>) => {
  const t = await createTestApp({ env });
  try {
    const methods = (await t.app.inject({ method: 'GET', url: '/v1/payment_method/read' })).json<{
      payload: { code: string }[];
    }>().payload;
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    return { listed: methods.some((m) => m.code === 'sandbox'), webhook: webhook.statusCode };
  } finally {
    await t.close();
  }
};

// Each case builds an app or more: generous on a busy machine.
describe(
  'the sandbox gateway is on only in a shop that takes no real money (DESIGN.md §4, issue #15)',
  { timeout: 90_000 },
  () => {
    it('is on with no configuration at all (the quick start)', async () => {
      expect(await sandboxOf({ NODE_ENV: 'development' })).toEqual({ listed: true, webhook: 400 });
    });

    it('is off once a real provider has keys', async () => {
      expect(await sandboxOf(STRIPE)).toEqual({ listed: false, webhook: 404 });
      expect(await sandboxOf({ COINGATE_API_TOKEN: 'token' })).toMatchObject({ listed: false, webhook: 404 });
      expect(await sandboxOf({ PADDLE_API_KEY: 'key', PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_x' })).toMatchObject(
        {
          listed: false,
        },
      );
    });

    it('is off with NODE_ENV=production', async () => {
      expect(await sandboxOf({ NODE_ENV: 'production' })).toMatchObject({ listed: false, webhook: 404 });
    });

    it('is on in a real shop only when SANDBOX_PAYMENTS=true says so', async () => {
      expect(await sandboxOf({ ...STRIPE, NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' })).toMatchObject({
        listed: true,
        webhook: 400,
      });
      expect(await sandboxOf({ NODE_ENV: 'development', SANDBOX_PAYMENTS: 'false' })).toMatchObject({
        listed: false,
        webhook: 404,
      });
    });
  },
);
