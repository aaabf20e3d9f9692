import { formatEuro } from '../../lib/format';
import { productName } from './format';

/** One changed field of an audit row, in words: "Balance: €0.00 → €25.50". */
export interface ChangeLine {
  /** The field's name in words; null when the row changed one plain value. */
  field: string | null;
  from: string;
  to: string;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `balanceCents` → "Balance", `refunded_at` → "Refunded at", `is2fa` → "Two-factor". */
const fieldName = (key: string): string => {
  if (/^is_?2fa$/i.test(key)) return 'Two-factor';
  const words = key
    .replace(/_?cents$/i, '')
    .replace(/^is_?(?=[A-Za-z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const PRODUCT_CODE = /^PR_\d+$/;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** A value as a person reads it: money in euro, products by name, yes/no, dates, lists joined. */
export const readable = (value: unknown, key = ''): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return /cents$/i.test(key) ? formatEuro(value / 100) : value.toLocaleString();
  if (typeof value === 'string') {
    if (PRODUCT_CODE.test(value)) return productName(value);
    if (ISO_TIME.test(value)) return new Date(value).toLocaleString();
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => readable(v)).join(', ');
  if (isPlain(value))
    return Object.entries(value)
      .map(([k, v]) => `${fieldName(k)} ${readable(v, k)}`)
      .join(', ');
  return JSON.stringify(value);
};

/**
 * An audit row's before → after as lines (issue #33 item 5: never raw JSON): of two objects, the fields that
 * changed as read (all of them when none differs, e.g. a count recorded twice the same); otherwise one line.
 */
export const changeLines = (before: unknown, after: unknown): ChangeLine[] => {
  if (isPlain(before) || isPlain(after)) {
    const from = isPlain(before) ? before : {};
    const to = isPlain(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    const lines = keys.map((key) => ({
      field: fieldName(key),
      from: key in from ? readable(from[key], key) : '—',
      to: key in to ? readable(to[key], key) : '—',
    }));
    const changed = lines.filter((line) => line.from !== line.to);
    return changed.length > 0 ? changed : lines;
  }
  if (before === null && after === null) return [];
  return [{ field: null, from: readable(before), to: readable(after) }];
};
