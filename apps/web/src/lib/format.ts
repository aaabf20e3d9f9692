/**
 * Money in euro with 2 decimals, dates in the browser's locale (DESIGN.md §7). The formatter is made on first
 * use: making one loads the locale's data, a long task that a module's evaluation should not carry (ADR 003).
 */
let euro: Intl.NumberFormat | undefined;
export const formatEuro = (amount: number): string =>
  (euro ??= new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })).format(amount);

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
