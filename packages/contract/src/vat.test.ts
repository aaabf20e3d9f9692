import { describe, expect, it } from 'vitest';
import { billingDetailsBodySchema } from './billing-details.js';
import { invoiceStatus, PENDING_WINDOW_MS } from './invoice-status.js';
import { isEuCountry, normalVatNumber, vatNumberProblem } from './vat.js';

describe('VAT numbers checked for their country (issue #30 item 5)', () => {
  it('keeps an EU number compacted with its prefix, given with or without it', () => {
    expect(normalVatNumber('Germany', 'de 123.456.789')).toBe('DE123456789');
    expect(normalVatNumber('Germany', '123456789')).toBe('DE123456789');
    expect(normalVatNumber('Greece', '123456789')).toBe('EL123456789');
    expect(normalVatNumber('Netherlands', 'NL 1234.56.789.B01')).toBe('NL123456789B01');
    expect(normalVatNumber('Austria', 'ATU12345678')).toBe('ATU12345678');
    expect(normalVatNumber('Sweden', 'SE 123456-7890 01')).toBe('SE123456789001');
  });

  it("refuses another country's number or a wrong length, saying what the format looks like", () => {
    expect(normalVatNumber('Germany', 'DE12345678')).toBeUndefined();
    expect(normalVatNumber('Austria', 'AT12345678')).toBeUndefined();
    expect(vatNumberProblem('Poland', 'DE123456789')).toBe(
      'This is not a Poland VAT number: it looks like PL1234567890',
    );
    expect(vatNumberProblem('Poland', 'PL1234567890')).toBeUndefined();
  });

  it('takes a plain tax number outside the EU', () => {
    expect(isEuCountry('United States')).toBe(false);
    expect(normalVatNumber('United States', '12-3456789')).toBe('123456789');
    expect(vatNumberProblem('Switzerland', '!')).toBe('A VAT or tax number is 2 to 20 letters and digits');
  });

  it('is part of the billing details form, on the VAT number field', () => {
    const body = {
      first_name: 'A',
      last_name: 'B',
      address: 'C',
      city: 'D',
      zip: 'E',
      country: 'France',
      vat_number: 'FR123',
    };
    const parsed = billingDetailsBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['vat_number']);
    expect(billingDetailsBodySchema.safeParse({ ...body, vat_number: 'FR12345678901' }).success).toBe(true);
    expect(billingDetailsBodySchema.safeParse({ ...body, vat_number: '' }).success).toBe(true);
  });
});

describe("a by-hand invoice's due time (issue #30 item 7)", () => {
  it('keeps it Pending until its due time, then Expired', () => {
    const created = new Date('2026-01-01T12:00:00Z');
    const due = new Date('2026-01-15T00:00:00Z');
    const later = new Date(created.getTime() + 2 * PENDING_WINDOW_MS);
    expect(invoiceStatus({ paid: false }, created, later)).toBe('Expired');
    expect(invoiceStatus({ paid: false, due }, created, later)).toBe('Pending');
    expect(invoiceStatus({ paid: false, due }, created, due)).toBe('Expired');
  });
});
