import { describe, expect, it } from 'vitest';
import { loadConfig, sellerSeed, supportUrl, taxSettings } from './config.js';

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration that cannot half-work stops the start with one line naming the variable', () => {
  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY'],
    [{ PADDLE_API_KEY: 'pdl_1' }, 'PADDLE_API_KEY is set without PADDLE_WEBHOOK_SECRET'],
    [{ PADDLE_WEBHOOK_SECRET: 'pdl_ntf_1' }, 'PADDLE_WEBHOOK_SECRET is set without PADDLE_API_KEY'],
  ])('a provider with half its keys: %o', (env, line) => {
    const message = failure(env);
    expect(message).toContain(line);
    expect(message).not.toContain('\n');
  });

  it('accepts a provider with both keys, and none', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })).not.toThrow();
    expect(() => loadConfig({ PADDLE_API_KEY: 'k', PADDLE_WEBHOOK_SECRET: 's' })).not.toThrow();
    expect(() => loadConfig({})).not.toThrow();
  });

  it.each(['not a url', 'http://mail.example.com', 'smtp//mail.example.com:587', 'smtp://exa mple.com'])(
    'an SMTP_URL that does not parse: %s',
    (url) =>
      expect(failure({ SMTP_URL: url })).toMatch(/^Invalid configuration: SMTP_URL must be an smtp:\/\//),
  );

  it('accepts smtp:// and smtps:// URLs', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).SMTP_URL).toBeDefined();
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }).SMTP_URL).toBeDefined();
  });
});

describe('TRUST_PROXY takes Fastify trustProxy forms, never "every hop"', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,fd00::/8', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('%s → %o', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses true, saying to use a hop count or addresses', () => {
    const message = failure({ TRUST_PROXY: 'true' });
    expect(message).toMatch(/^Invalid configuration: TRUST_PROXY true would trust every hop/);
    expect(message).toContain('use a hop count (1 behind one load balancer)');
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.5, ::/0', '*', 'true'])(
    'refuses %s (every address) with the one configuration line',
    (value) => {
      const message = failure({ TRUST_PROXY: value });
      expect(message).toMatch(/^Invalid configuration: TRUST_PROXY /);
      expect(message).not.toContain('\n');
    },
  );

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', '1.5'])(
    'refuses %s naming the variable',
    (value) => expect(failure({ TRUST_PROXY: value })).toMatch(/^Invalid configuration: TRUST_PROXY "/),
  );
});

describe('the seller on invoices and the support link (issue #19)', () => {
  it('default to the brand name and no support link', () => {
    const config = loadConfig({ BRAND_NAME: 'Acme Proxies' });
    expect(sellerSeed(config)).toMatchObject({
      sellerName: 'Acme Proxies',
      sellerAddress: null,
      vatNumber: null,
      email: null,
    });
    expect(supportUrl(config)).toBeNull();
  });

  it('take SELLER_*, the address split at \\n, and fall back to a mail to the seller for support', () => {
    const config = loadConfig({
      SELLER_NAME: 'Acme Ltd',
      SELLER_ADDRESS: '1 Quay St\\nDublin D02\\nIreland',
      SELLER_VAT: 'IE1234567T',
      SELLER_EMAIL: 'billing@acme.example',
    });
    expect(sellerSeed(config)).toMatchObject({
      sellerName: 'Acme Ltd',
      sellerAddress: '1 Quay St\nDublin D02\nIreland',
      vatNumber: 'IE1234567T',
      email: 'billing@acme.example',
    });
    expect(supportUrl(config)).toBe('mailto:billing@acme.example');
    expect(supportUrl(loadConfig({ SUPPORT_URL: 'https://acme.example/help' }))).toBe(
      'https://acme.example/help',
    );
  });

  it('refuses a support link that is not a web or mail address, and a bad seller e-mail', () => {
    expect(failure({ SUPPORT_URL: 'javascript:alert(1)' })).toMatch(
      /^Invalid configuration: SUPPORT_URL must be/,
    );
    expect(failure({ SELLER_EMAIL: 'not-an-email' })).toMatch(/^Invalid configuration: SELLER_EMAIL /);
  });
});

describe('tax settings (issue #30 item 4)', () => {
  it('default to no VAT, prices without it', () => {
    expect(taxSettings(loadConfig({}))).toEqual({ mode: 'none', shopCountry: '', pricesIncludeVat: false });
  });

  it("take eu-vat with the shop's member state (any case) and gross prices", () => {
    const config = loadConfig({ TAX_MODE: 'eu-vat', TAX_SHOP_COUNTRY: 'gr', TAX_PRICES_INCLUDE_VAT: 'true' });
    expect(taxSettings(config)).toEqual({ mode: 'eu-vat', shopCountry: 'GR', pricesIncludeVat: true });
  });

  it('refuse eu-vat without a member state, a country outside the EU and an unknown mode, in one line', () => {
    expect(failure({ TAX_MODE: 'eu-vat' })).toContain('TAX_MODE eu-vat needs TAX_SHOP_COUNTRY');
    expect(failure({ TAX_MODE: 'eu-vat', TAX_SHOP_COUNTRY: 'CH' })).toContain(
      'TAX_SHOP_COUNTRY must be the ISO code of an EU member state',
    );
    expect(failure({ TAX_MODE: 'us-sales-tax' })).toContain('TAX_MODE');
    expect(failure({ VIES_URL: 'not a url' })).toContain('VIES_URL');
  });
});
