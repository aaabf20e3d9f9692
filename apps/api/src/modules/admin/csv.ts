/**
 * One CSV field: quoted when needed, and a text's leading = + - @ neutralised so a spreadsheet never runs it (a
 * plain number such as `-12.50` is left as it is: it is no formula).
 */
export const csvField = (value: string | number | null): string => {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A CSV line of fields, CRLF-ended (RFC 4180). */
export const csvLine = (fields: readonly (string | number | null)[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;

/** Cents as euro with 2 decimals, as an accountant's spreadsheet reads it (`-12.50`); a number, never neutralised. */
export const euroText = (cents: number): string => (cents / 100).toFixed(2);
