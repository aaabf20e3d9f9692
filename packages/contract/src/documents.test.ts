import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentNumber, shopIdentityBodySchema, splitGross } from './documents.js';

describe('money documents (issue #30, ADR 015)', () => {
  it('numbers read PREFIX-YEAR-NNNNNN', () => {
    expect(documentNumber('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(documentNumber('CN', 2027, 1)).toBe('CN-2027-000001');
  });

  it('splits a total into net and VAT that add up to it, whatever the rate', () => {
    expect(splitGross(1900, 0)).toEqual({ netCents: 1900, vatCents: 0 });
    expect(splitGross(12300, 23)).toEqual({ netCents: 10000, vatCents: 2300 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 27 }), (total, rate) => {
        const { netCents, vatCents } = splitGross(total, rate);
        expect(netCents + vatCents).toBe(total);
        expect(vatCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("checks the shop's identity: the prefix in capitals, never CN, links and e-mails well formed", () => {
    const base = {
      seller_name: 'Acme',
      seller_address: null,
      vat_number: null,
      registration_number: null,
      email: '',
      support_url: '',
      invoice_prefix: 'INV',
      footer: null,
      reason: 'set-up',
    };
    expect(shopIdentityBodySchema.safeParse(base).success).toBe(true);
    for (const bad of [
      { invoice_prefix: 'inv' },
      { invoice_prefix: 'CN' },
      { invoice_prefix: 'TOO-LONG-PREFIX' },
      { email: 'not-mail' },
      { support_url: 'javascript:alert(1)' },
      { reason: '' },
    ])
      expect(shopIdentityBodySchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
