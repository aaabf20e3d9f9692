import {
  centsToEuro,
  decideTax,
  euCountryName,
  euroToCents,
  type TaxDecision,
  type TaxQuote,
  type TaxSettings,
  type VatRates,
} from '@proxydesk/contract';
import {
  billingDetailsOf,
  readVatRates,
  setVatRate,
  type Actor,
  type Db,
  type NewInvoice,
} from '@proxydesk/db';

export type TaxService = ReturnType<typeof createTaxService>;

/** The sums an invoice row keeps: `priceCents` is what the provider charges. */
type InvoiceSums = Pick<NewInvoice, 'priceCents' | 'netCents' | 'vatRate' | 'vatCents' | 'taxNote'>;

/**
 * Tax as the shop charges it (issue #30 item 4, ADR 015): the buyer's billing details and the rate table fed to
 * `decideTax`, the contract's one pure rule. Under `TAX_MODE=none` nothing is read and the amount is the total.
 */
export const createTaxService = (db: Db, settings: TaxSettings) => {
  /** The decision for a customer's amount (cents after any promo code), read inside the caller's transaction. */
  const decide = async (tx: Db, userId: string, cents: number): Promise<TaxDecision> => {
    if (settings.mode === 'none') return decideTax(settings, {}, { country: null, vatNumber: null }, cents);
    const [billing, rates] = await Promise.all([billingDetailsOf(tx, userId), readVatRates(tx)]);
    return decideTax(
      settings,
      rates,
      { country: billing?.country ?? null, vatNumber: billing?.vatNumber ?? null },
      cents,
    );
  };

  return {
    decide,

    /**
     * An invoice's sums for a customer: under `none`, only the price (net, rate and VAT are written when it is
     * issued, as before tax existed); under `eu-vat`, the total as the price and the decision beside it.
     */
    invoiceSums: async (tx: Db, userId: string, cents: number): Promise<InvoiceSums> => {
      if (settings.mode === 'none') return { priceCents: cents };
      const decision = await decide(tx, userId, cents);
      return {
        priceCents: decision.totalCents,
        netCents: decision.netCents,
        vatRate: decision.ratePercent,
        vatCents: decision.vatCents,
        taxNote: decision.note,
      };
    },

    /** What the checkout shows before Pay, for an amount in euro. */
    quote: async (userId: string, amount: number): Promise<TaxQuote> => {
      const decision = await decide(db, userId, euroToCents(amount));
      return {
        net: centsToEuro(decision.netCents),
        vat_rate: decision.ratePercent,
        vat: centsToEuro(decision.vatCents),
        total: centsToEuro(decision.totalCents),
        tax_note: decision.note,
      };
    },

    rates: async (): Promise<VatRates> => ({
      mode: settings.mode,
      shop_country: settings.shopCountry || null,
      prices_include_vat: settings.pricesIncludeVat,
      rates: Object.entries(await readVatRates(db))
        .map(([code, rate]) => ({ country_code: code, country: euCountryName(code) ?? code, rate }))
        .sort((a, b) => a.country.localeCompare(b.country)),
    }),

    setRate: (actor: Actor, code: string, rate: number, reason: string) =>
      setVatRate(db, actor, code, rate, reason),
  };
};
