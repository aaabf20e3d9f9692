import { ADMIN_TAG, adminRead, adminReason } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { taxFiguresShape } from './tax-figures.js';
import { TAX_MODES } from './tax.js';
import { EU_COUNTRY_CODES } from './vat.js';
import { z } from './zod.js';

// Tax (issue #30 item 4, ADR 015): what a checkout will charge, and the VAT rate table the console edits.

/** Net, VAT rate (percent), VAT and total in euro, and why no VAT (or a reverse charge), as an invoice has them. */
export const taxQuoteSchema = namedObject('TaxQuote', taxFiguresShape);
export type TaxQuote = z.infer<typeof taxQuoteSchema>;

/** A VAT rate in percent: 0 to 50, at most 2 decimals (Finland's 25.5). */
export const vatRatePercent = z
  .number('Must be a number')
  .check(
    z.gte(0, 'Must not be negative'),
    z.lte(50, 'At most 50 %'),
    z.multipleOf(0.01, 'At most 2 decimals'),
  );

export const vatRateSchema = namedObject('VatRate', {
  country_code: z.string(),
  country: z.string(),
  rate: z.number(),
});

export const vatRatesSchema = namedObject('VatRates', {
  mode: z.enum(TAX_MODES),
  shop_country: z.nullable(z.string()),
  prices_include_vat: z.boolean(),
  rates: z.array(vatRateSchema),
});
export type VatRates = z.infer<typeof vatRatesSchema>;

export const taxEndpoints = {
  quote: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/tax-quote',
    summary:
      "What you pay for a catalogue amount (after any promo code): net, VAT rate, VAT and total, from your billing details and the shop's tax settings",
    tag: 'invoice',
    access: 'user',
    query: z.object({
      amount: z.pipe(
        z.coerce.number('Amount must be a number'),
        z
          .number()
          .check(
            z.nonnegative('Amount must not be negative'),
            z.lte(1_000_000, 'Amount is too large'),
            z.multipleOf(0.01, 'At most 2 decimals'),
          ),
      ),
    }),
    response: withPayload(taxQuoteSchema),
  }),
};

export const adminTaxEndpoints = {
  rates: adminRead(
    '/v1/admin/vat-rates',
    "The shop's tax settings and the EU member states' standard VAT rates",
    vatRatesSchema,
  ),
  setRate: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/vat-rates/:id',
    summary: "Change one member state's standard VAT rate (audited); invoices issued before keep theirs",
    tag: ADMIN_TAG,
    access: 'operator',
    /** The member state's ISO code (`FR`; `GR` for Greece): the row's id. */
    params: z.object({
      id: z.string().check(z.refine((code) => EU_COUNTRY_CODES.includes(code), 'Not an EU member state')),
    }),
    body: z.object({ rate: vatRatePercent, reason: adminReason }),
    response: detailOnly,
  }),
};
