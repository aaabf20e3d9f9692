import { euCountryCode } from './vat.js';

/**
 * Tax on an invoice (issue #30 item 4, ADR 015): the one function that decides what a buyer pays. Pure: the
 * settings, the rate table and the buyer come in, the sums go out, in cents.
 */
export const TAX_MODES = ['none', 'eu-vat'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export const REVERSE_CHARGE_NOTE =
  'Reverse charge — VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC';
export const OUTSIDE_EU_NOTE = 'Outside the scope of EU VAT';

/** The shop's tax settings (`TAX_MODE`, `TAX_SHOP_COUNTRY`, `TAX_PRICES_INCLUDE_VAT`). */
export interface TaxSettings {
  mode: TaxMode;
  /** ISO 3166 code of an EU member state (`DE`); only read under `eu-vat`. */
  shopCountry: string;
  pricesIncludeVat: boolean;
}

/** The buyer as their billing details say: the country as the country list writes it, a VAT number if any. */
export interface TaxBuyer {
  country: string | null;
  /** A VAT number that passed its checks (format, and VIES when configured); null for a consumer. */
  vatNumber: string | null;
}

export type TaxTreatment = 'none' | 'consumer' | 'domestic' | 'reverse-charge' | 'outside-eu';

export interface TaxDecision {
  treatment: TaxTreatment;
  /** Percent, up to two decimals (Finland's 25.5). */
  ratePercent: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  note: string | null;
}

/** The rate in hundredths of a percent, so that the sums below are integer arithmetic until the one rounding. */
const basisPoints = (ratePercent: number) => Math.round(ratePercent * 100);

/** Half away from zero, as invoices round (amounts here are never negative). */
const roundHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * Net and VAT of `cents` at `ratePercent`. Prices without VAT: the VAT is net × rate rounded to the cent (half
 * up) and the total their sum. Prices with VAT: the net is total ÷ (1 + rate) rounded to the cent (half up) and
 * the VAT what is left, so net + VAT is always the price shown.
 */
export const applyRate = (cents: number, ratePercent: number, pricesIncludeVat: boolean) => {
  const bp = basisPoints(ratePercent);
  if (pricesIncludeVat) {
    const netCents = roundHalfUp(cents * 10_000, 10_000 + bp);
    return { netCents, vatCents: cents - netCents, totalCents: cents };
  }
  const vatCents = roundHalfUp(cents * bp, 10_000);
  return { netCents: cents, vatCents, totalCents: cents + vatCents };
};

/**
 * What the buyer pays on a catalogue amount of `cents` (after any promo code), net or gross as the settings say:
 * - `none`: no VAT, the amount is the total (the shop's behaviour before tax existed);
 * - `eu-vat`, a buyer outside the EU: 0 %, "outside the scope of EU VAT";
 * - a business (VAT number) in another member state than the shop's: 0 %, reverse-charged (Art. 196);
 * - a business in the shop's own country: the shop's rate;
 * - a consumer in the EU: their country's rate (a buyer with no country yet: the shop's).
 * With prices that include VAT the buyer pays the catalogue amount whatever the rate (VAT is taken out of it);
 * without, the rate is added on top.
 */
export const decideTax = (
  settings: TaxSettings,
  rates: Readonly<Record<string, number>>,
  buyer: TaxBuyer,
  cents: number,
): TaxDecision => {
  const zero = (treatment: TaxTreatment, note: string | null): TaxDecision => ({
    treatment,
    ratePercent: 0,
    netCents: cents,
    vatCents: 0,
    totalCents: cents,
    note,
  });
  if (settings.mode === 'none') return zero('none', null);
  const code = buyer.country === null ? settings.shopCountry : euCountryCode(buyer.country);
  if (code === undefined) return zero('outside-eu', OUTSIDE_EU_NOTE);
  const business = buyer.vatNumber !== null && buyer.vatNumber !== '';
  if (business && code !== settings.shopCountry) return zero('reverse-charge', REVERSE_CHARGE_NOTE);
  const ratePercent = rates[code] ?? 0;
  const treatment = business ? 'domestic' : 'consumer';
  return { treatment, ratePercent, ...applyRate(cents, ratePercent, settings.pricesIncludeVat), note: null };
};
