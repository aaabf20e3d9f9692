import { describe, expect, it } from 'vitest';
import { applyRate, decideTax, OUTSIDE_EU_NOTE, REVERSE_CHARGE_NOTE, type TaxSettings } from './tax.js';
import { euCountryCode, euCountryName, EU_COUNTRY_CODES, viesParts } from './vat.js';

const RATES = { DE: 19, FR: 20, FI: 25.5, HU: 27, LU: 17, GR: 24 };
const net: TaxSettings = { mode: 'eu-vat', shopCountry: 'DE', pricesIncludeVat: false };
const gross: TaxSettings = { ...net, pricesIncludeVat: true };
const consumer = (country: string | null) => ({ country, vatNumber: null });
const business = (country: string, vatNumber: string) => ({ country, vatNumber });

describe('the tax decision (issue #30 item 4)', () => {
  it('charges nothing under TAX_MODE=none, whoever buys', () => {
    const none: TaxSettings = { ...net, mode: 'none' };
    expect(decideTax(none, RATES, consumer('France'), 1000)).toEqual({
      treatment: 'none',
      ratePercent: 0,
      netCents: 1000,
      vatCents: 0,
      totalCents: 1000,
      note: null,
    });
    expect(decideTax(none, RATES, business('France', 'FR12345678901'), 999).totalCents).toBe(999);
  });

  it("adds a consumer's own country's rate to net prices (DE 19 %, FR 20 %)", () => {
    expect(decideTax(net, RATES, consumer('Germany'), 1000)).toMatchObject({
      treatment: 'consumer',
      ratePercent: 19,
      netCents: 1000,
      vatCents: 190,
      totalCents: 1190,
      note: null,
    });
    expect(decideTax(net, RATES, consumer('France'), 1000)).toMatchObject({
      ratePercent: 20,
      vatCents: 200,
      totalCents: 1200,
    });
  });

  it('takes the VAT out of gross prices: the buyer pays the price shown', () => {
    expect(decideTax(gross, RATES, consumer('Germany'), 1190)).toMatchObject({
      ratePercent: 19,
      netCents: 1000,
      vatCents: 190,
      totalCents: 1190,
    });
    expect(decideTax(gross, RATES, consumer('France'), 1190)).toMatchObject({
      netCents: 992,
      vatCents: 198,
      totalCents: 1190,
    });
  });

  it('reverse-charges a business of another member state: 0 %, the Art. 196 note, net = total', () => {
    for (const settings of [net, gross]) {
      expect(decideTax(settings, RATES, business('France', 'FR12345678901'), 1190)).toEqual({
        treatment: 'reverse-charge',
        ratePercent: 0,
        netCents: 1190,
        vatCents: 0,
        totalCents: 1190,
        note: REVERSE_CHARGE_NOTE,
      });
    }
    expect(REVERSE_CHARGE_NOTE).toBe(
      'Reverse charge — VAT to be accounted for by the recipient, Art. 196 Directive 2006/112/EC',
    );
  });

  it("charges a business of the shop's own country the shop's rate", () => {
    expect(decideTax(net, RATES, business('Germany', 'DE123456789'), 1000)).toMatchObject({
      treatment: 'domestic',
      ratePercent: 19,
      vatCents: 190,
      totalCents: 1190,
      note: null,
    });
  });

  it('charges no VAT outside the EU, business or not, and says why', () => {
    for (const buyer of [consumer('United States'), business('Switzerland', 'CHE123456789')]) {
      expect(decideTax(net, RATES, buyer, 1000)).toEqual({
        treatment: 'outside-eu',
        ratePercent: 0,
        netCents: 1000,
        vatCents: 0,
        totalCents: 1000,
        note: OUTSIDE_EU_NOTE,
      });
    }
  });

  it("charges the shop's rate to a buyer with no billing country yet", () => {
    expect(decideTax(net, RATES, consumer(null), 1000)).toMatchObject({
      treatment: 'consumer',
      ratePercent: 19,
    });
  });

  it('keys Greece by GR (its VAT prefix is EL) and reads decimal rates (FI 25.5 %)', () => {
    expect(decideTax(net, RATES, consumer('Greece'), 1000).vatCents).toBe(240);
    expect(decideTax(net, RATES, consumer('Finland'), 1000).vatCents).toBe(255);
    expect(euCountryCode('Greece')).toBe('GR');
    expect(euCountryName('GR')).toBe('Greece');
    expect(viesParts('Greece', '123456789')).toEqual({ countryCode: 'EL', vatNumber: '123456789' });
    expect(viesParts('Switzerland', 'CHE123')).toBeUndefined();
    expect(EU_COUNTRY_CODES).toHaveLength(27);
  });
});

describe('rounding to the cent (half up, once)', () => {
  it('rounds the VAT of a net price half up', () => {
    // 0.05 × 19 % = 0.0095 → 0.01; 0.02 × 25.5 % = 0.0051 → 0.01; 0.01 × 27 % = 0.0027 → 0.00
    expect(applyRate(5, 19, false)).toEqual({ netCents: 5, vatCents: 1, totalCents: 6 });
    expect(applyRate(2, 25.5, false)).toEqual({ netCents: 2, vatCents: 1, totalCents: 3 });
    expect(applyRate(1, 27, false)).toEqual({ netCents: 1, vatCents: 0, totalCents: 1 });
    // 10.50 × 19 % = 1.995 → 2.00 (no binary-fraction drift: integer arithmetic)
    expect(applyRate(1050, 19, false)).toEqual({ netCents: 1050, vatCents: 200, totalCents: 1250 });
  });

  it('rounds the net of a gross price half up, VAT the rest: net + VAT = the price, always', () => {
    expect(applyRate(1000, 25.5, true)).toEqual({ netCents: 797, vatCents: 203, totalCents: 1000 });
    for (let cents = 0; cents < 3000; cents += 7) {
      for (const rate of [17, 19, 20, 25.5, 27]) {
        const split = applyRate(cents, rate, true);
        expect(split.netCents + split.vatCents).toBe(cents);
        expect(Math.abs(split.netCents * (1 + rate / 100) - cents)).toBeLessThanOrEqual(1);
      }
    }
  });
});
