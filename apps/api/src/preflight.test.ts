import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { assertReadyForProduction, preflight, PreflightError } from './preflight.js';

const READY = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  POW_SECRET: 'a-long-random-pow-secret',
};
const missingOf = (env: Record<string, string>) => {
  try {
    assertReadyForProduction(loadConfig(env));
    return [];
  } catch (error) {
    if (!(error instanceof PreflightError)) throw error;
    return error.missing.map((item) => item.name);
  }
};

describe('the production preflight (issue #29 item 3)', () => {
  it('lets a ready shop start, and says what is set', () => {
    expect(missingOf(READY)).toEqual([]);
    expect(preflight(loadConfig(READY))).toEqual([
      { name: 'PUBLIC_URL', ok: true, detail: 'https://shop.example.com' },
      { name: 'SMTP_URL', ok: true, detail: 'mail through smtp.example.com:465' },
      { name: 'Payment provider', ok: true, detail: 'Stripe' },
      { name: 'POW_SECRET', ok: true, detail: 'set' },
    ]);
  });

  it('refuses each missing item by name', () => {
    expect(missingOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'Payment provider',
      'POW_SECRET',
    ]);
    expect(missingOf({ ...READY, PUBLIC_URL: 'http://shop.example.com' })).toEqual(['PUBLIC_URL']);
    expect(missingOf({ ...READY, SMTP_URL: '' })).toEqual(['SMTP_URL']);
    expect(missingOf({ ...READY, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toEqual([
      'Payment provider',
    ]);
    expect(missingOf({ ...READY, POW_SECRET: '' })).toEqual(['POW_SECRET']);
  });

  it('takes any one provider, or the sandbox forced on with its own secret', () => {
    const none = { ...READY, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
    expect(missingOf({ ...none, COINGATE_API_TOKEN: 'token' })).toEqual([]);
    expect(missingOf({ ...none, PADDLE_API_KEY: 'key', PADDLE_WEBHOOK_SECRET: 'secret' })).toEqual([]);
    expect(missingOf({ ...none, SANDBOX_PAYMENTS: 'true' })).toEqual(['SANDBOX_WEBHOOK_SECRET']);
    expect(
      missingOf({ ...none, SANDBOX_PAYMENTS: 'true', SANDBOX_WEBHOOK_SECRET: 'a-long-sandbox-secret' }),
    ).toEqual([]);
  });

  it('needs no POW_SECRET when the captcha is reCAPTCHA', () => {
    expect(
      missingOf({ ...READY, POW_SECRET: '', RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site' }),
    ).toEqual([]);
  });

  it('never stops a start outside production', () => {
    expect(missingOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(preflight(loadConfig({ NODE_ENV: 'development' })).some((item) => !item.ok)).toBe(true);
  });
});
