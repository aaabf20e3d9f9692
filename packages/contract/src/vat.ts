/**
 * The format of an EU VAT number, per member state (issue #30 item 5; ADR 015): the country's prefix (Greece
 * writes EL; its ISO 3166 code is GR) and the pattern of what follows, from the European Commission's VIES format notes. A format check
 * only: whether the number exists is VIES's to say
 * (item 4: `apps/api/src/modules/billing/vies.ts`).
 */
const EU_VAT: Readonly<Record<string, { code: string; prefix: string; pattern: RegExp; example: string }>> = {
  Austria: { code: 'AT', prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678' },
  Belgium: { code: 'BE', prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  Bulgaria: { code: 'BG', prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  Croatia: { code: 'HR', prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  Cyprus: { code: 'CY', prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  Czechia: { code: 'CZ', prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  Denmark: { code: 'DK', prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  Estonia: { code: 'EE', prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  Finland: { code: 'FI', prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  France: { code: 'FR', prefix: 'FR', pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, example: 'FR12345678901' },
  Germany: { code: 'DE', prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789' },
  Greece: { code: 'GR', prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  Hungary: { code: 'HU', prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  Ireland: {
    code: 'IE',
    prefix: 'IE',
    pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    example: 'IE1234567WA',
  },
  Italy: { code: 'IT', prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901' },
  Latvia: { code: 'LV', prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  Lithuania: { code: 'LT', prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  Luxembourg: { code: 'LU', prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678' },
  Malta: { code: 'MT', prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  Netherlands: { code: 'NL', prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  Poland: { code: 'PL', prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  Portugal: { code: 'PT', prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  Romania: { code: 'RO', prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, example: 'RO12345678' },
  Slovakia: { code: 'SK', prefix: 'SK', pattern: /^[1-9]\d{9}$/, example: 'SK1234567890' },
  Slovenia: { code: 'SI', prefix: 'SI', pattern: /^[1-9]\d{7}$/, example: 'SI12345678' },
  Spain: { code: 'ES', prefix: 'ES', pattern: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, example: 'ESX1234567X' },
  Sweden: { code: 'SE', prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
};

/** Is the country (as the list writes it) an EU member state, whose VAT numbers have a known format? */
export const isEuCountry = (country: string): boolean => country in EU_VAT;

/** The EU member states' ISO 3166 codes (`GR` for Greece), A–Z: the VAT rate table's keys. */
export const EU_COUNTRY_CODES: readonly string[] = Object.values(EU_VAT)
  .map((rule) => rule.code)
  .sort();

/** The ISO code of an EU member state named as the country list writes it (`Germany` → `DE`), else undefined. */
export const euCountryCode = (country: string): string | undefined => EU_VAT[country]?.code;

/** The country list's name of an EU member state's ISO code (`DE` → `Germany`), else undefined. */
export const euCountryName = (code: string): string | undefined =>
  Object.entries(EU_VAT).find(([, rule]) => rule.code === code)?.[0];

/** A kept EU VAT number split for VIES: its prefix (`EL` for Greece) and the rest; undefined outside the EU. */
export const viesParts = (
  country: string,
  vat: string,
): { countryCode: string; vatNumber: string } | undefined => {
  const rule = EU_VAT[country];
  const number = rule ? normalVatNumber(country, vat) : undefined;
  return rule && number
    ? { countryCode: rule.prefix, vatNumber: number.slice(rule.prefix.length) }
    : undefined;
};

/** Spaces, dots and dashes dropped, upper case: how a VAT number is compared and kept. */
const compact = (vat: string) => vat.replace(/[\s.\-/]/g, '').toUpperCase();

/**
 * The VAT number as it is kept: for an EU country its prefix and digits (`de 123.456.789` → `DE123456789`),
 * undefined when it does not have that country's format; outside the EU, the number compacted as given.
 */
export const normalVatNumber = (country: string, vat: string): string | undefined => {
  const rule = EU_VAT[country];
  const number = compact(vat);
  if (!rule) return /^[A-Z0-9]{2,20}$/.test(number) ? number : undefined;
  const rest = number.startsWith(rule.prefix) ? number.slice(rule.prefix.length) : number;
  return rule.pattern.test(rest) ? `${rule.prefix}${rest}` : undefined;
};

/** Why the VAT number is refused for the country, in words the customer can act on. */
export const vatNumberProblem = (country: string, vat: string): string | undefined => {
  if (normalVatNumber(country, vat) !== undefined) return undefined;
  const rule = EU_VAT[country];
  return rule
    ? `This is not a ${country} VAT number: it looks like ${rule.example}`
    : 'A VAT or tax number is 2 to 20 letters and digits';
};
