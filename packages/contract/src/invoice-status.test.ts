import { describe, expect, it } from 'vitest';
import { invoiceDueDate, invoiceStatus, PENDING_WINDOW_MS } from './invoice-status.js';

describe('invoice status (SPEC.md §4)', () => {
  const created = new Date('2026-01-01T12:00:00Z');
  const after = (ms: number) => new Date(created.getTime() + ms);

  it('is Paid whenever paid, even long after', () => {
    expect(invoiceStatus({ paid: true }, created, after(0))).toBe('Paid');
    expect(invoiceStatus({ paid: true }, created, after(10 * PENDING_WINDOW_MS))).toBe('Paid');
  });

  it('is Pending within the hour and Expired from the hour on', () => {
    expect(invoiceStatus({ paid: false }, created, after(0))).toBe('Pending');
    expect(invoiceStatus({ paid: false }, created, after(PENDING_WINDOW_MS - 1))).toBe('Pending');
    expect(invoiceStatus({ paid: false }, created, after(PENDING_WINDOW_MS))).toBe('Expired');
    expect(invoiceStatus({ paid: false }, created, after(PENDING_WINDOW_MS + 1))).toBe('Expired');
  });

  it('is Expired at once when the expiry job marked it, and Refunded over Paid', () => {
    expect(invoiceStatus({ paid: false, expired: true }, created, after(0))).toBe('Expired');
    expect(invoiceStatus({ paid: true, refunded: true }, created, after(0))).toBe('Refunded');
    expect(invoiceStatus({ paid: true, refunded: false }, created, after(0))).toBe('Paid');
  });

  it('is due one hour after creation', () => {
    expect(invoiceDueDate(created).toISOString()).toBe('2026-01-01T13:00:00.000Z');
  });
});
