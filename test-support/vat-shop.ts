import { randomUUID } from 'node:crypto';
import type { Plan } from '@proxydesk/contract';
import type { schema, User } from '@proxydesk/db';
import { afterAll, beforeAll } from 'vitest';
import { apiClient, type Answer, type ApiClient } from './accounts.js';
import { createTestApp, type TestApp } from './app.js';
import { mintSession, seedAccount } from './contract.js';

type Role = NonNullable<(typeof schema.users.$inferInsert)['role']>;

export interface VatShop {
  t: TestApp;
  api: ApiClient;
  /** A datacenter plan of €10 or more. */
  plan: Plan;
  users: Record<string, User>;
  tokens: Record<string, string>;
  /** Calls as the account of `name`. */
  as: (name: string) => { token: string };
  /** Saves the billing details of `name`: the file's person, in `country`, with `extra` on top. */
  details: (name: string, country: string, extra?: Record<string, string>) => Promise<Answer>;
}

/**
 * The set-up of a test file about EU VAT (TAX_MODE=eu-vat, ADR 015): the app with `env()` on top (read as it
 * starts, after the file's own earlier `beforeAll`), and one account per entry of `roles`, named `{name}_{tag}`,
 * each with a session (staff with two-factor on, signed in with it).
 */
export const useVatShop = (
  env: () => Record<string, string>,
  roles: Record<string, Role>,
  person: Record<string, string>,
): VatShop => {
  const shop = {
    users: {},
    tokens: {},
    as: (name) => ({ token: shop.tokens[name]! }),
    details: (name, country, extra = {}) =>
      shop.api.put('/v1/user/billing-details', { ...person, country, ...extra }, shop.as(name)),
  } as VatShop;
  beforeAll(async () => {
    shop.t = await createTestApp({
      env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_PER_MINUTE: '1000000', TAX_MODE: 'eu-vat', ...env() },
    });
    shop.api = apiClient(shop.t.app);
    const tag = randomUUID().slice(0, 6);
    for (const [name, role] of Object.entries(roles)) {
      const staff = role === 'operator' || role === 'support';
      shop.users[name] = await seedAccount(shop.t.database.db, `${name}_${tag}`, { role, is2fa: staff });
      shop.tokens[name] = await mintSession(shop.t.database.db, shop.users[name], { secondFactor: staff });
    }
    const plans = (await shop.api.get('/v1/plan/read')).body.payload as Plan[];
    shop.plan = plans.find((p) => p.type === 'PR_4' && p.price >= 10)!;
  });
  afterAll(async () => shop.t?.close());
  return shop;
};
