/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, and a leading = + - @ (or a
 * tab or carriage return) neutralised with a `'` so a spreadsheet never runs it as a formula. The one place of
 * the rule, for the console's invoice list and the customers' proxy exports.
 */
export const csvField = (value: string | number | null): string => {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV row, ended by CRLF. */
export const csvRow = (values: readonly (string | number | null)[]): string =>
  `${values.map(csvField).join(',')}\r\n`;
