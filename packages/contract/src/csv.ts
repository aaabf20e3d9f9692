/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, and a text's leading = + - @ (or
 * a tab or carriage return) neutralised with a `'` so a spreadsheet never runs it as a formula; a plain number
 * such as `-12.50` is left as it is (it is no formula). The one place of the rule, for the console's invoice list
 * and reports and the customers' proxy exports.
 */
export const csvField = (value: string | number | null): string => {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV row, ended by CRLF. */
export const csvRow = (values: readonly (string | number | null)[]): string =>
  `${values.map(csvField).join(',')}\r\n`;

/** Cents as euro with 2 decimals, as an accountant's spreadsheet reads it (`-12.50`); a number, never neutralised. */
export const euroText = (cents: number): string => (cents / 100).toFixed(2);
