import { randomInt } from 'node:crypto';

/** A value for an error message. */
export const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Random characters of an alphabet, for a provider's ids and keys. */
export const randomText = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
