import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth.js';
import { buildPath } from './endpoint.js';
import { euroToCents, centsToEuro, roundEuro } from './money.js';
import { catalogueEndpoints, planSchema } from './catalogue.js';
import { isSafeLink, safeLinkSchema } from './content.js';
import { productCodeSchema } from './products.js';

describe('contract schemas', () => {
  it('takes links to https:// pages and mail only, never a script or data (issue #28 item 10)', () => {
    for (const url of ['https://t.me/shop', 'HTTPS://discord.gg/x', 'mailto:help@example.com']) {
      expect(isSafeLink(url), url).toBe(true);
      expect(safeLinkSchema.safeParse(url).success, url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://t.me/shop',
      'vbscript:msgbox(1)',
      '//evil.example',
      '',
    ]) {
      expect(isSafeLink(url), url).toBe(false);
      expect(safeLinkSchema.safeParse(url).success, url).toBe(false);
    }
  });

  it('accepts the six product codes and rejects anything else (DESIGN.md §3)', () => {
    for (const code of ['PR_1', 'PR_2', 'PR_3', 'PR_4', 'PR_5', 'PR_6'])
      expect(productCodeSchema.parse(code)).toBe(code);
    for (const code of ['PR_7', 'pr_4', '', 'IPv6'])
      expect(productCodeSchema.safeParse(code).success).toBe(false);
  });

  it('describes a plan as SPEC.md §3 names its fields', () => {
    const plan = {
      id: 1,
      type: 'PR_4',
      name: 'Datacenter 10 IPs',
      price: 19.99,
      duration: 720,
      ipAmount: 10,
      data: null,
      add_gb_price: null,
    };
    expect(planSchema.parse(plan)).toEqual(plan);
    expect(planSchema.safeParse({ ...plan, price: -1 }).success).toBe(false);
    expect(planSchema.safeParse({ ...plan, price: 1.234 }).success).toBe(false);
    expect(planSchema.safeParse({ ...plan, type: 'PR_9' }).success).toBe(false);
  });

  it('wraps catalogue reads in a payload list', () => {
    const answer = catalogueEndpoints.maintenance.response.parse({ payload: [{ id: 1, status: false }] });
    expect(answer.payload[0]?.status).toBe(false);
    expect(catalogueEndpoints.maintenance.response.safeParse({ payload: { status: false } }).success).toBe(
      false,
    );
  });

  it('requires username and password to sign in', () => {
    expect(loginBodySchema.safeParse({ username: ' ', password: 'x' }).error?.issues[0]?.message).toBe(
      'Username is required',
    );
    expect(loginBodySchema.safeParse({ username: 'ann', password: '' }).error?.issues[0]?.message).toBe(
      'Password is required',
    );
    expect(loginBodySchema.parse({ username: ' ann ', password: 'pw' }).username).toBe('ann');
  });

  it('fills path parameters, encoded', () => {
    expect(buildPath('/v1/invoice/read/:invoice_id', { invoice_id: 'a b' })).toBe('/v1/invoice/read/a%20b');
    expect(() => buildPath('/v1/x/:id')).toThrow('missing path parameter id');
  });

  it('keeps money in cents without float drift', () => {
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(centsToEuro(1999)).toBe(19.99);
    expect(roundEuro(2.675)).toBe(2.68);
    expect(roundEuro(-2.675)).toBe(-2.68);
  });
});
