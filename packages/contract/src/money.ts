/** Money is kept in integer euro cents; answers carry euros as numbers with 2 decimals. */
export const CURRENCY = 'EUR';

export const euroToCents = (euro: number): number => Math.round(euro * 100);
export const centsToEuro = (cents: number): number => Math.round(cents) / 100;

/** Rounds a euro amount to whole cents (half away from zero). */
export const roundEuro = (euro: number): number => (Math.sign(euro) * Math.round(Math.abs(euro) * 100)) / 100;
