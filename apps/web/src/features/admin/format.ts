import { PRODUCT_NAMES } from '@proxydesk/contract';
/** A time as the browser's locale writes a short date and time. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
export const bytes = (value: number) => {
  let n = value;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${n.toFixed(unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
};

/** A product's one name (the contract's), or its code when the shop sells something new. */
export const productName = (code: string): string =>
  (PRODUCT_NAMES as Record<string, string | undefined>)[code] ?? code;
